#!/bin/sh
# `make install` into a scratch home's ~/.local (a debug build, to stay quick), then checks what
# it laid out: the binaries run (the daemon without GTK), the activation files' and the desktop
# entry's Exec= are the installed binaries, the desktop entry is valid and its icon installed,
# the user unit is where `systemd --user` looks for it and passes `systemd-analyze verify
# --user`, the man pages and the shell completions are where man and the shells find them;
# then `make uninstall` leaves no file behind.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
home="$work/home"
prefix="$home/.local"
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
# The desktop entry the notifications name, where desktops look for it (XDG_DATA_DIRS'
# applications/), starting the installed client, and its icon in the hicolor theme.
entry="$prefix/share/applications/io.github.timepickerd.TimePicker1.desktop"
grep -qx "Exec=$prefix/bin/timepickerctl pick --no-terminal" "$entry" || fail "Exec= in $entry is not the installed client"
output=$(desktop-file-validate "$entry" 2>&1) || fail "desktop-file-validate $entry: $output"
[ -f "$prefix/share/icons/hicolor/scalable/apps/io.github.timepickerd.TimePicker1.svg" ] || fail "the icon is not installed in the hicolor theme"
unit="$prefix/share/systemd/user/timepickerd.service"
grep -q "^ExecStart=$prefix/bin/timepickerd" "$unit" || fail "ExecStart= in $unit is not the installed binary"

# systemd needs a runtime directory even to verify a user unit; a scratch one does. It also
# opens the unit's Documentation= man pages, which are installed under PREFIX.
mkdir -m 0700 "$work/runtime"
output=$(MANPATH="$prefix/share/man" XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user "$unit" 2>&1) || fail "systemd-analyze verify --user failed: $output"
[ -z "$output" ] || fail "systemd-analyze verify --user complained: $output"

# systemd --user looks for units in the directory the unit went to, for PREFIX=$HOME/.local as
# for /usr/local (the scratch home stands for $HOME; XDG_DATA_HOME unset, as usual).
paths=$(env -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME="$home" XDG_RUNTIME_DIR="$work/runtime" systemd-analyze --user unit-paths) ||
  fail "systemd-analyze --user unit-paths failed"
echo "$paths" | grep -qx "$prefix/share/systemd/user" || fail "systemd --user does not look in $prefix/share/systemd/user: $paths"
echo "$paths" | grep -qx "/usr/local/share/systemd/user" || fail "systemd --user does not look in /usr/local/share/systemd/user: $paths"

# man finds the pages under PREFIX/share/man; they render without warnings.
for page in man1/timepickerd.1 man1/timepickerctl.1 man5/io.github.timepickerd.TimePicker1.5; do
  [ -f "$prefix/share/man/$page" ] || fail "$page is not installed"
done
found=$(MANPATH="$prefix/share/man" man -w timepickerctl 2>&1) || fail "man -w timepickerctl: $found"
[ "$found" = "$prefix/share/man/man1/timepickerctl.1" ] || fail "man -w timepickerctl found $found"

# bash-completion loads the completion from ~/.local/share the first time Tab is pressed; zsh
# and fish read theirs.
loaded=$(env -u BASH_COMPLETION_USER_DIR XDG_DATA_HOME="$prefix/share" bash -c \
  '. /usr/share/bash-completion/bash_completion; __load_completion timepickerctl && complete -p timepickerctl' 2>&1) ||
  fail "bash-completion does not load $prefix/share/bash-completion/completions/timepickerctl: $loaded"
[ "$loaded" = "complete -F _timepickerctl timepickerctl" ] || fail "bash-completion loaded: $loaded"
zsh -n "$prefix/share/zsh/site-functions/_timepickerctl" || fail "zsh cannot read the installed completion"
fish --no-config -n "$prefix/share/fish/vendor_completions.d/timepickerctl.fish" || fail "fish cannot read the installed completion"

# The client library: pkg-config finds it under PREFIX, and gi loads its typelib from there
# (PREFIX/lib/TRIPLET/girepository-1.0, which gi searches by itself only for PREFIX=/usr);
# the GIR and the VAPI are where g-ir-scanner and valac look under PREFIX/share.
libdir="$prefix/lib/$(gcc -print-multiarch)"
PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --exists timepicker-1 || fail "pkg-config does not find the installed timepicker-1"
[ "$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --variable=typelibdir timepicker-1)" = "$libdir/girepository-1.0" ] ||
  fail "timepicker-1.pc's typelibdir is not $libdir/girepository-1.0"
loaded=$(GI_TYPELIB_PATH="$libdir/girepository-1.0" LD_LIBRARY_PATH="$libdir" /usr/bin/python3 -c \
  "import gi; gi.require_version('TimePicker', '1.0'); from gi.repository import TimePicker; print(TimePicker.Alert.new.__name__)" 2>&1) ||
  fail "gi cannot load the installed typelib: $loaded"
[ -f "$prefix/share/gir-1.0/TimePicker-1.0.gir" ] || fail "the GIR is not installed"
[ -f "$prefix/share/vala/vapi/timepicker-1.vapi" ] || fail "the VAPI is not installed"
[ -f "$prefix/include/timepicker-1/timepicker/timepicker.h" ] || fail "the headers are not installed"

# `make uninstall` with the same PREFIX removes every file `make install` laid out (both follow
# the Makefile's one list, INSTALLED).
make --no-print-directory -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"
