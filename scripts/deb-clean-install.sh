#!/bin/bash
# `make deb-check`: installs the package (the argument) in a fresh Debian 12 without Swift, as a
# newcomer would, uses it, removes it, and checks that nothing is left behind.
#
# The Debian 12 is made by debootstrap (minbase, plus man-db and bash-completion, which a
# desktop has) into DEB_CHECK_DIR (default /var/tmp/timepickerd-deb-check), kept there and
# copied afresh for every run. In a copy, chrooted:
#  1. `apt-get install ./timepickerd_….deb` (which brings its dependencies), then `apt-get
#     remove timepickerd`, and a list of every file: the system with the dependencies only;
#  2. `apt-get install ./timepickerd_….deb` again; no Swift anywhere;
#  3. a session bus (dbus-daemon --session, as a desktop session starts it): `timepickerctl
#     pick` on a pseudo-terminal, with Down and Enter typed, prints "02:00 03:00" and exits 0,
#     the bus having started timepickerd by D-Bus activation (`timepickerctl status` then
#     names its owner); the same pick under `dbus-run-session -- bash -i`, as people use the
#     package without a desktop, and with no session bus at all (the client shows the picker
#     itself); `man timepickerctl` renders without warnings; bash completes `timepickerctl pi`
#     to `pick`;
#  4. `apt-get remove timepickerd`: the list of every file is the same as in 1; installed
#     again and `apt-get purge timepickerd`: the same again.
# Needs root and Debian's mirror; takes a few minutes the first time.
set -euo pipefail
deb=$(realpath "$1")
say() { echo "deb-check: $*"; }
fail() { echo "deb-check: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mount)"
[ -f "$deb" ] || fail "no package $1"

top=${DEB_CHECK_DIR:-/var/tmp/timepickerd-deb-check}
base=$top/bookworm
root=$top/run
mirror=${DEB_CHECK_MIRROR:-http://deb.debian.org/debian}

if [ ! -f "$base/.complete" ]; then
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  rm -rf "$base"
  say "debootstrap bookworm into $base (from $mirror)"
  debootstrap --variant=minbase --include=man-db,bash-completion bookworm "$base" "$mirror" >"$top.debootstrap.log" 2>&1 ||
    fail "debootstrap failed; see $top.debootstrap.log"
  touch "$base/.complete"
fi

unmount() {
  for mount in "$root/dev/pts" "$root/proc"; do
    ! mountpoint -q "$mount" || umount "$mount"
  done
}
# The processes running in the copy: all started by this script.
in_copy() {
  for process in /proc/[0-9]*; do
    [ "$(readlink "$process/root" 2>/dev/null)" != "$root" ] || echo "${process#/proc/}"
  done
}
cleanup() {
  for pid in $(in_copy); do kill -KILL "$pid" 2>/dev/null || true; done
  unmount
}
trap cleanup EXIT
[ ! -d "$root" ] || { unmount; rm -rf "$root"; }
cp -a "$base" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev/pts "$root/dev/pts"
cp "$deb" "$root/tmp/"
package=/tmp/$(basename "$deb")
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
apt() { in_root env DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@"; }
# Every file of the system, with its type and size, but for what apt, dpkg and logs keep.
snapshot() {
  (cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./run -o -path ./tmp \
    -o -path ./var/cache -o -path ./var/lib/apt -o -path ./var/lib/dpkg -o -path ./var/log \) -prune \
    -o -printf '%y %s %p\n' | LC_ALL=C sort)
}

# 1. The dependencies alone.
apt update >/dev/null
apt install "$package" >"$top/install-1.log" 2>&1 || fail "apt-get install: $(tail -20 "$top/install-1.log")"
apt remove timepickerd >/dev/null
snapshot >"$top/before.txt"
say "$(wc -l <"$top/before.txt") files with timepickerd's dependencies only"

# 2. The package.
apt install "$package" >"$top/install-2.log" 2>&1 || fail "apt-get install: $(tail -20 "$top/install-2.log")"
say "installed: $(in_root dpkg-query -W -f='${Package} ${Version} ${Status}' timepickerd)"
say "Depends: $(in_root dpkg-query -W -f='${Depends}' timepickerd)"
in_root sh -c 'command -v swift || ls -d /opt/swift* /usr/lib/swift 2>/dev/null || ldconfig -p | grep -i swift' &&
  fail "Swift is installed in the fresh system"
say "no Swift in the system; $(in_root timepickerd --version), $(in_root timepickerctl --version)"

# 3. A session bus, and the package used through it.
rm -f "$root/tmp/bus"
# Appending: the bus and the services it starts share the log.
: >"$top/bus.log"
chroot "$root" env -i PATH=/usr/bin:/bin dbus-daemon --session --address=unix:path=/tmp/bus --nofork \
  --nopidfile </dev/null >>"$top/bus.log" 2>&1 &
bus_pid=$!
for _ in $(seq 100); do [ -S "$root/tmp/bus" ] && break; sleep 0.1; done
[ -S "$root/tmp/bus" ] || fail "dbus-daemon did not start: $(cat "$top/bus.log")"
session() { in_root env DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/bus TERM=xterm "$@"; }
session timepickerctl status >/dev/null 2>&1 && fail "the service runs before anything asked for it"

# A command in the copy on a pseudo-terminal (its stdin and stderr, and its controlling terminal
# whose session it leads, as in a terminal window), stdout read apart: it must show a picker
# titled "Clean install"; Down and Enter are typed. Prints "exit STATUS: STDOUT".
pty_pick() {
  /usr/bin/python3 - "$root" "$@" <<'EOF'
import fcntl, os, select, subprocess, sys, termios, time
root, command = sys.argv[1], sys.argv[2:]
master, slave = os.openpty()
def lead_session():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
client = subprocess.Popen(["chroot", root] + command, stdin=slave, stdout=subprocess.PIPE, stderr=slave,
                          preexec_fn=lead_session)
os.close(slave)
screen = b""
deadline = time.monotonic() + 20
def read_until(text):
    global screen
    while text not in screen:
        if time.monotonic() > deadline or client.poll() is not None:
            sys.exit(f"the picker did not show {text!r}; screen: {screen!r}")
        if select.select([master], [], [], 0.2)[0]:
            screen += os.read(master, 65536)
read_until(b"Clean install")
read_until(b"Enter OK")   # the whole first frame: the terminal is raw now
os.write(master, b"\x1b[B")   # Down: the start moves to 02:00, the end with it to 03:00
read_until(b"Selected: 02:00")
os.write(master, b"\r")       # Enter: OK
output, _ = client.communicate(timeout=20)
print(f"exit {client.returncode}: {output.decode().strip()}")
EOF
}
pick_command=(timepickerctl pick --title "Clean install" --clock 24h)

# timepickerctl pick on a pseudo-terminal, through the session bus.
pick=$(pty_pick env -i PATH=/usr/bin:/bin TERM=xterm DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/bus "${pick_command[@]}") ||
  fail "timepickerctl pick: $pick"
say "timepickerctl pick (Down, Enter) -> $pick"
[ "$pick" = "exit 0: 02:00 03:00" ] || fail "timepickerctl pick printed '$pick'"
status=$(session timepickerctl status) || fail "timepickerctl status after the pick: $status"
grep -q '^owner: :' <<<"$status" || fail "no owner in: $status"
# Started by D-Bus activation: dbus-daemon gives the services it starts DBUS_STARTER_BUS_TYPE.
daemon=$(for pid in $(in_copy); do [ "$(cat "/proc/$pid/comm")" != timepickerd ] || echo "$pid"; done)
[ -n "$daemon" ] || fail "timepickerd does not run after the pick"
starter=$(tr '\0' '\n' <"/proc/$daemon/environ" | grep '^DBUS_STARTER_BUS_TYPE=') ||
  fail "timepickerd ($daemon) was not started by D-Bus activation"
say "timepickerd (pid $daemon, $(tr '\0' ' ' <"/proc/$daemon/cmdline")) started by D-Bus activation ($starter)"
say "timepickerctl status: $(tr '\n' ';' <<<"$status")"

# Without a desktop: dbus-run-session starts a bus in the session of an interactive shell (its
# jobs in process groups of their own), which activates timepickerd on the first pick; the
# daemon inherits the shell's terminal, and the pick must work on it all the same.
pick=$(pty_pick env -i PATH=/usr/bin:/bin TERM=xterm HOME=/root \
  dbus-run-session -- bash --norc --noprofile -i -c "$(printf '%q ' "${pick_command[@]}")") ||
  fail "timepickerctl pick under dbus-run-session: $pick"
say "timepickerctl pick under dbus-run-session (Down, Enter) -> $pick"
[ "$pick" = "exit 0: 02:00 03:00" ] || fail "timepickerctl pick under dbus-run-session printed '$pick'"

# With no session bus at all (over SSH, in a container): the client shows the picker itself.
pick=$(pty_pick env -i PATH=/usr/bin:/bin TERM=xterm "${pick_command[@]}") || fail "timepickerctl pick with no bus: $pick"
say "timepickerctl pick with no session bus (Down, Enter) -> $pick"
[ "$pick" = "exit 0: 02:00 03:00" ] || fail "timepickerctl pick with no session bus printed '$pick'"

page=$(in_root man -w timepickerctl) || fail "man -w timepickerctl"
warnings=$(in_root env MANWIDTH=80 man --warnings timepickerctl 2>&1 >/dev/null) || fail "man timepickerctl: $warnings"
[ -z "$warnings" ] || fail "man timepickerctl warns: $warnings"
in_root env MANWIDTH=80 man io.github.timepickerd.TimePicker1 >/dev/null 2>&1 || fail "man io.github.timepickerd.TimePicker1"
say "man timepickerctl: $page, no warnings; man io.github.timepickerd.TimePicker1 renders"
completed=$(in_root bash -c '. /usr/share/bash-completion/bash_completion
  COMP_WORDS=(timepickerctl pi); COMP_CWORD=1; COMP_LINE="timepickerctl pi"; COMP_POINT=16
  __load_completion timepickerctl && _timepickerctl timepickerctl pi timepickerctl; echo "${COMPREPLY[*]}"') ||
  fail "bash completion: $completed"
[ "$completed" = pick ] || fail "bash completes 'timepickerctl pi' to '$completed'"
say "bash completes 'timepickerctl pi' to '$completed'"

kill "$bus_pid"
wait "$bus_pid" 2>/dev/null || true
bus_pid=
for _ in $(seq 50); do [ -n "$(in_copy)" ] || break; sleep 0.1; done
left=$(in_copy)
[ -z "$left" ] || fail "still running after the bus went away: $(for pid in $left; do cat "/proc/$pid/cmdline" | tr '\0' ' '; done)"

# 4. Removed, then installed again and purged: nothing left either time.
apt remove timepickerd >/dev/null
state=$(in_root dpkg-query -W -f='${Status}' timepickerd 2>/dev/null || echo "unknown to dpkg")
snapshot >"$top/after-remove.txt"
changes=$(diff "$top/before.txt" "$top/after-remove.txt") || fail "files differ after apt-get remove:"$'\n'"$changes"
say "apt-get remove: dpkg status '$state'; the same $(wc -l <"$top/after-remove.txt") files as before the install"
apt install "$package" >/dev/null 2>&1 || fail "apt-get install, the second time"
apt purge timepickerd >/dev/null
snapshot >"$top/after-purge.txt"
changes=$(diff "$top/before.txt" "$top/after-purge.txt") || fail "files differ after apt-get purge:"$'\n'"$changes"
say "apt-get install again, then apt-get purge: the same $(wc -l <"$top/after-purge.txt") files as before the install"
say "passed"
