#!/bin/sh
# `make screenshots`: the dialog backend on a virtual display of its own (Xvfb, on a bus of its
# own), asked for a picker the way the daemon asks, captured in the light and the dark style
# (libadwaita's ADW_DEBUG_COLOR_SCHEME) into docs/dialog-light.png and docs/dialog-dark.png.
# Stops everything it started, by PID.
set -eu
backend=${1:?usage: screenshots.sh PATH/TO/timepickerd-gtk}
here=$(cd "$(dirname "$0")" && pwd)
docs=$(cd "$here/.." && pwd)/docs
work=$(mktemp -d)
pids=""
cleanup() {
  for pid in $pids; do kill "$pid" 2>/dev/null || true; done
  for pid in $pids; do wait "$pid" 2>/dev/null || true; done
  [ -n "${KEEP_WORK:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Waits up to five seconds for a command to succeed.
await() {
  tries=0
  until "$@" >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || { echo "screenshots: timed out waiting for: $*" >&2; exit 1; }
    sleep 0.05
  done
}

# A bus whose only service directory is empty: nothing from the system gets activated on it.
mkdir "$work/services"
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$work/bus</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$work/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file="$work/bus.conf" --nofork --print-address=1 >"$work/address" 2>"$work/bus.log" &
pids="$pids $!"
await test -s "$work/address"
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/address")
export DBUS_SESSION_BUS_ADDRESS

# Xvfb picks a free display number and prints it once it accepts clients.
Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp >"$work/display" 2>"$work/xvfb.log" &
pids="$pids $!"
await test -s "$work/display"
DISPLAY=:$(head -n 1 "$work/display")
export DISPLAY
unset WAYLAND_DISPLAY

has_owner() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner io.github.timepickerd.Gtk | grep -q true
}

# shot SCHEME FILE: one dialog in that colour scheme, captured once two frames in a row agree.
# shot SCHEME FILE [TITLE LOCALE CLOCK]: the dialog in that colour scheme, language and clock.
shot() {
  title=${3:-Team meeting} locale=${4:-C.UTF-8} clock=${5:-12h}
  GTK_A11Y=none ADW_DEBUG_COLOR_SCHEME=$1 "$backend" --idle-timeout 5 2>"$work/backend.log" &
  backend_pid=$!
  await has_owner
  gdbus call --session --timeout 60 --dest io.github.timepickerd.Gtk --object-path /io/github/timepickerd/impl/TimePicker1 \
    --method io.github.timepickerd.impl.TimePicker1.ShowPicker /io/github/timepickerd/TimePicker1/session/1_1/screenshot '' \
    "{'title': <'$title'>, 'step': <uint32 30>, 'start': <'09:00'>, 'end': <'17:00'>, 'min_duration': <uint32 60>, 'clock': <'$clock'>, 'timeout': <uint32 120>, 'locale': <'$locale'>}" \
    >/dev/null &
  call_pid=$!
  window=$(xdotool search --sync --onlyvisible --name "^$title\$" | head -n 1)
  tries=0
  while :; do
    "$here/window-png.py" "$window" "$work/a.png"
    sleep 0.2
    "$here/window-png.py" "$window" "$work/b.png"
    cmp -s "$work/a.png" "$work/b.png" && break
    tries=$((tries + 1))
    [ "$tries" -lt 25 ] || { echo "screenshots: the dialog never settled" >&2; exit 1; }
  done
  mv "$work/b.png" "$2"
  # Close acts only on the caller's own dialogs, and gdbus makes a connection per call: stop
  # the backend instead, which ends the dialog (response 2) and answers the pending call.
  kill "$backend_pid"
  wait "$backend_pid" || true
  wait "$call_pid"
  echo "$2"
}

mkdir -p "$docs"
shot prefer-light "$docs/dialog-light.png"
shot prefer-dark "$docs/dialog-dark.png"
# The translations' look (TIMEPICKERD_LOCALEDIR: the compiled catalogs, `make catalogs`).
shot prefer-light "$docs/dialog-de.png" "Teambesprechung" de_DE.UTF-8 24h
shot prefer-light "$docs/dialog-ja.png" "チーム会議" ja_JP.UTF-8 24h
shot prefer-light "$docs/dialog-ar.png" "اجتماع الفريق" ar_EG.UTF-8 12h
