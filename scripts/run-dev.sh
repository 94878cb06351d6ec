#!/bin/bash
# `make run`: the daemon in the foreground with the terminal UI, on the user's session bus, or
# on a private bus started here (and stopped on exit) when there is none.
set -eu
daemon=$1
bus_pid=
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] || ! busctl --user status >/dev/null 2>&1; then
  address_file=$(mktemp)
  dbus-daemon --session --fork --print-address=3 --print-pid=4 3>"$address_file" 4>"$address_file.pid"
  DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$address_file")
  bus_pid=$(head -n 1 "$address_file.pid")
  rm -f "$address_file" "$address_file.pid"
  export DBUS_SESSION_BUS_ADDRESS
  trap 'kill "$bus_pid" 2>/dev/null || true' EXIT
  echo "Started a private session bus: $DBUS_SESSION_BUS_ADDRESS"
else
  echo "Using the session bus: $DBUS_SESSION_BUS_ADDRESS"
fi
cat <<EOM
Ask for a time range from another terminal (the picker appears here):

  DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS' busctl --user --timeout=300 call io.github.timepickerd.TimePicker1 /io/github/timepickerd/TimePicker1 io.github.timepickerd.TimePicker1 PickTimeRange 'a{sv}' 1 title s 'Team meeting'

Watch the outcome signals:

  DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS' busctl --user monitor io.github.timepickerd.TimePicker1

Stop the daemon with Ctrl-C.
EOM
# The daemon runs as a job of its own in the terminal's foreground, so that Ctrl-C reaches it
# alone: it ends its sessions and exits 0, and make, which never sees the signal, ends quietly.
if [ -t 0 ]; then set -m; fi
status=0
"$daemon" --ui terminal || status=$?
exit $status
