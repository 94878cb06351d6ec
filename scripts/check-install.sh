#!/bin/sh
# `make install` into a scratch prefix (a debug build, to stay quick), then checks what it laid
# out: the binary runs, the activation file's Exec= is the installed binary, and the installed
# user unit passes `systemd-analyze verify --user`.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
make --no-print-directory -s install CONFIGURATION=debug PREFIX="$prefix" >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }
"$prefix/bin/timepickerd" --version >/dev/null || fail "the installed daemon does not run"
"$prefix/bin/timepickerctl" --version >/dev/null || fail "the installed client does not run"
activation="$prefix/share/dbus-1/services/io.github.timepickerd.TimePicker1.service"
grep -qx "Exec=$prefix/bin/timepickerd" "$activation" || fail "Exec= in $activation is not the installed binary"
grep -qx "SystemdService=timepickerd.service" "$activation" || fail "no SystemdService= in $activation"
[ -f "$prefix/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml" ] || fail "the interface XML is not installed"
unit="$prefix/lib/systemd/user/timepickerd.service"
grep -q "^ExecStart=$prefix/bin/timepickerd" "$unit" || fail "ExecStart= in $unit is not the installed binary"

# systemd needs a runtime directory even to verify a user unit; a scratch one does.
mkdir -m 0700 "$work/runtime"
output=$(XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user "$unit" 2>&1) || fail "systemd-analyze verify --user failed: $output"
[ -z "$output" ] || fail "systemd-analyze verify --user complained: $output"
