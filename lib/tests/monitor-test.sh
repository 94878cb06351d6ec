#!/bin/sh
# Builds lib/tests/monitor-drop.c with the library's own sources and runs it on a private
# dbus-daemon: a monitor dropped by its own handler while the outcomes it kept are reported.
# Once under AddressSanitizer, and once plain with glibc's MALLOC_PERTURB_, which fills freed
# memory with garbage: the monitor's queue is read inside GLib, which ASan does not see, and a
# read of it once freed then follows a garbage pointer. Exit 0 when both held. `make lib-check`
# runs it.
set -u
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/tp-monitor-test.XXXXXX)
bus_pid=""
trap '[ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

flags="-std=gnu11 -g -O1 -DTIME_PICKER_COMPILATION -DG_LOG_DOMAIN=\"libtimepicker\" -Ilib -Ilib/timepicker"
for variant in plain asan; do
  extra=""
  [ "$variant" = asan ] && extra="-fsanitize=address -fno-omit-frame-pointer"
  # shellcheck disable=SC2046,SC2086
  gcc $flags $extra $(pkg-config --cflags gio-2.0) -o "$work/monitor-drop-$variant" lib/tests/monitor-drop.c \
    lib/timepicker/*.c $(pkg-config --libs gio-2.0) || exit 2
done

dbus-daemon --session --fork --nopidfile --print-address=3 --print-pid=4 3>"$work/address" 4>"$work/pid" || exit 2
bus_pid=$(cat "$work/pid")
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/address")
export DBUS_SESSION_BUS_ADDRESS
failed=0
for variant in plain asan; do
  # Each run's service takes the name anew: the last run's connection left with it.
  MALLOC_PERTURB_=165 ASAN_OPTIONS=detect_leaks=0 "$work/monitor-drop-$variant" >"$work/out" 2>&1
  status=$?
  if [ $status -ne 0 ] || grep -q "ERROR: AddressSanitizer" "$work/out"; then
    echo "FAIL monitor-drop ($variant, exit $status):"; sed 's/^/  /' "$work/out" | head -40; failed=1
  else
    echo "ok   monitor-drop ($variant): $(tail -1 "$work/out")"
  fi
done
exit $failed
