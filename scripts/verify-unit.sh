#!/bin/sh
# Checks the systemd user unit the way `make install` writes it, with systemd-analyze verify.
# systemd needs a runtime directory even to verify a user unit; a temporary one does.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/runtime"
chmod 0700 "$work/runtime"
printf '#!/bin/sh\n' > "$work/bin/timepickerd"
chmod +x "$work/bin/timepickerd"
sed -e "s|@bindir@|$work/bin|g" -e "s|@datadir@|$work/share|g" systemd/timepickerd.service.in > "$work/timepickerd.service"
output=$(XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user "$work/timepickerd.service" 2>&1) || {
  echo "systemd-analyze verify --user failed:" >&2; echo "$output" >&2; exit 1; }
if [ -n "$output" ]; then echo "systemd-analyze verify --user complained:" >&2; echo "$output" >&2; exit 1; fi
