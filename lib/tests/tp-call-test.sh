#!/bin/sh
# Builds lib/tests/tp-call-test.c with lib/timepicker/timepicker-call.c (its g_mutex_unlock
# hooked, to widen a race window on demand; and once more with AddressSanitizer) and runs each
# scenario on a private dbus-daemon of its own (the test harness's configuration: any user,
# unrequested replies allowed, as a session bus). Exit 0 when every scenario held.
#
# Usage: lib/tests/tp-call-test.sh [SCENARIO...]   (from the repository; VALGRIND=1 runs the
# plain build under memcheck too)
set -u
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/tp-call-test.XXXXXX)
trap 'kill "$bus_pid" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT INT TERM

cflags="-std=gnu11 -g -O1 -Wall -DTIME_PICKER_COMPILATION -DG_LOG_DOMAIN=\"libtimepicker\" -Ilib -Ilib/timepicker $(pkg-config --cflags gio-2.0)"
libs="$(pkg-config --libs gio-2.0)"
for variant in plain asan; do
  extra=""
  [ "$variant" = asan ] && extra="-fsanitize=address -fno-omit-frame-pointer"
  # shellcheck disable=SC2086
  gcc $cflags $extra -Dg_mutex_unlock=tp_test_mutex_unlock -c -o "$work/call-$variant.o" lib/timepicker/timepicker-call.c &&
  gcc $cflags $extra -c -o "$work/test-$variant.o" lib/tests/tp-call-test.c &&
  gcc $extra -o "$work/tp-call-test-$variant" "$work/test-$variant.o" "$work/call-$variant.o" $libs || exit 2
done

cat > "$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$work/socket</listen>
  <auth>EXTERNAL</auth>
  <limit name="max_replies_per_connection">50000</limit>
  <policy context="default">
    <allow user="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
dbus-daemon --config-file="$work/bus.conf" --fork --print-address=3 --print-pid=4 3>"$work/address" 4>"$work/pid" || exit 2
bus_pid=$(cat "$work/pid")
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/address")
export DBUS_SESSION_BUS_ADDRESS

scenarios=${*:-"forgery-then-timeout closed-unheard closed-heard closed-before late-reply forged-then-real cancel-race"}
failed=0
for scenario in $scenarios; do
  for variant in plain asan; do
    if [ "$variant" = asan ]; then
      ASAN_OPTIONS=detect_leaks=0 "$work/tp-call-test-asan" "$scenario" >"$work/out" 2>&1
    else
      "$work/tp-call-test-plain" "$scenario" >"$work/out" 2>&1
    fi
    status=$?
    if [ $status -ne 0 ] || grep -q "ERROR: AddressSanitizer" "$work/out"; then
      echo "FAIL $scenario ($variant, exit $status):"; sed 's/^/  /' "$work/out" | head -40; failed=1
    else
      echo "ok   $scenario ($variant): $(tail -1 "$work/out")"; [ -n "${VERBOSE:-}" ] && sed "s/^/  /" "$work/out"
    fi
  done
  if [ "${VALGRIND:-0}" = 1 ]; then
    valgrind --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
      "$work/tp-call-test-plain" "$scenario" >"$work/out" 2>&1
    status=$?
    if [ $status -eq 3 ]; then
      echo "FAIL $scenario (valgrind):"; grep -A25 "Invalid\|definitely lost in" "$work/out" | head -60; failed=1
    else
      echo "ok   $scenario (valgrind, exit $status): $(grep 'ERROR SUMMARY' "$work/out")"
    fi
  fi
done
exit $failed
