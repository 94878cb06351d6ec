#!/bin/sh
# `make install` into a scratch prefix (a debug build, to stay quick), then checks what it laid
# out: the binaries run (the daemon without GTK), the activation files' Exec= are the installed
# binaries, and the installed user unit passes `systemd-analyze verify --user`.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
make --no-print-directory -s install CONFIGURATION=debug PREFIX="$prefix" >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }
"$prefix/bin/timepickerd" --version >/dev/null || fail "the installed daemon does not run"
"$prefix/bin/timepickerctl" --version >/dev/null || fail "the installed client does not run"
"$prefix/bin/timepickerd-gtk" --version >/dev/null || fail "the installed dialog backend does not run"
# The daemon links no GTK: the dialog runs in its own process.
! ldd "$prefix/bin/timepickerd" | grep -E 'gtk|adwaita' >/dev/null || fail "timepickerd links GTK or libadwaita"
activation="$prefix/share/dbus-1/services/io.github.timepickerd.TimePicker1.service"
grep -qx "Exec=$prefix/bin/timepickerd" "$activation" || fail "Exec= in $activation is not the installed binary"
grep -qx "SystemdService=timepickerd.service" "$activation" || fail "no SystemdService= in $activation"
[ -f "$prefix/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml" ] || fail "the interface XML is not installed"
backend="$prefix/share/dbus-1/services/io.github.timepickerd.Gtk.service"
grep -qx "Exec=$prefix/bin/timepickerd-gtk" "$backend" || fail "Exec= in $backend is not the installed backend"
[ -f "$prefix/share/dbus-1/interfaces/io.github.timepickerd.impl.TimePicker1.xml" ] || fail "the backend interface XML is not installed"
unit="$prefix/lib/systemd/user/timepickerd.service"
grep -q "^ExecStart=$prefix/bin/timepickerd" "$unit" || fail "ExecStart= in $unit is not the installed binary"

# systemd needs a runtime directory even to verify a user unit; a scratch one does.
mkdir -m 0700 "$work/runtime"
output=$(XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user "$unit" 2>&1) || fail "systemd-analyze verify --user failed: $output"
[ -z "$output" ] || fail "systemd-analyze verify --user complained: $output"
