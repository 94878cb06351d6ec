#!/usr/bin/env bash
# `make leakcheck`: the daemon (a debug build) under valgrind memcheck on a private bus, through
# SESSIONS sessions with the terminal user interface (on a pseudo-terminal: pickers cancelled
# with Cancel(), cancelled and chosen with keys, shown on a caller's terminal, asked for with
# PickTimeRange, queued, timed out) and as many with the notification user interface (against
# python3-dbusmock's notification server: cancelled with Cancel(), shown or not yet shown, and
# PickTimeRange calls cancelled by another connection); then SIGTERM. Prints valgrind's leak
# and error summaries and every definite-loss stack with a frame in Sources/; fails when there
# is such a stack, a memcheck error, or a run that did not end cleanly.
#
#   SESSIONS=1000 (per user interface)   KEEP=1 keeps the scratch directory with the full logs
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
sessions=${SESSIONS:-1000}

swift=${SWIFT:-swift}
for tool in valgrind dbus-daemon busctl; do
  command -v "$tool" >/dev/null || { echo "leakcheck: $tool is missing (apt-get install valgrind dbus-daemon systemd)" >&2; exit 1; }
done
/usr/bin/python3 -c 'import dbus, dbusmock' 2>/dev/null || { echo "leakcheck: python3-dbusmock is missing (make deps)" >&2; exit 1; }

"$swift" build --product timepickerd
daemon="$("$swift" build --show-bin-path)/timepickerd"

work=$(mktemp -d)
bus_pid=
cleanup() {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then echo "leakcheck: logs kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# A bus of our own, without service directories: nothing from the system is activated on it.
cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$work/socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
dbus-daemon --config-file="$work/bus.conf" --fork --print-address=3 --print-pid=4 3>"$work/address" 4>"$work/bus.pid" 2>"$work/bus.log"
bus_pid=$(head -n 1 "$work/bus.pid")
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/address")
export DBUS_SESSION_BUS_ADDRESS

cat >"$work/drive.py" <<'EOF'
"""Runs the daemon under valgrind with one user interface and drives sessions through it."""
import fcntl, os, struct, subprocess, sys, termios, threading, time
import dbus

ui, count, log_path, valgrind_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
daemon, root = os.environ["DAEMON"], os.environ["ROOT"]
NAME, MANAGER = "io.github.timepickerd.TimePicker1", "/io/github/timepickerd/TimePicker1"
SESSION_IFACE = NAME + ".Session"
UNKNOWN_OBJECT = "org.freedesktop.DBus.Error.UnknownObject"
address = os.environ["DBUS_SESSION_BUS_ADDRESS"]


class Screen:
    """A pseudo-terminal whose output a thread keeps reading."""

    def __init__(self):
        self.controller, self.terminal = os.openpty()
        fcntl.ioctl(self.terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output, self.lock = bytearray(), threading.Lock()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        while True:
            try:
                data = os.read(self.controller, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.output += data

    def mark(self):
        with self.lock:
            return len(self.output)

    def wait_for(self, text, since, seconds=60):
        wanted, deadline = text.encode(), time.time() + seconds
        while time.time() < deadline:
            with self.lock:
                if wanted in self.output[since:]:
                    return
            time.sleep(0.005)
        raise SystemExit(f"leakcheck: the screen never showed {text!r}")

    def type(self, keys):
        os.write(self.controller, keys.encode())


def wait_until(what, condition, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.005)
    raise SystemExit(f"leakcheck: timed out waiting for {what}")


def start(arguments, stdin, stdout):
    with open(log_path, "ab") as log:
        return subprocess.Popen(
            ["valgrind", "--tool=memcheck", "--leak-check=full", "--show-leak-kinds=definite",
             "--errors-for-leak-kinds=definite", "--num-callers=40", f"--fullpath-after={root}/",
             f"--log-file={valgrind_log}", daemon, "--ui", ui] + arguments,
            stdin=stdin, stdout=stdout, stderr=log, start_new_session=True)


bus = dbus.bus.BusConnection(address)
other = dbus.bus.BusConnection(address)  # a second connection of the same user


def gone(path, connection=bus):
    try:
        connection.get_object(NAME, path, introspect=False).Introspect(dbus_interface="org.freedesktop.DBus.Introspectable")
        return False
    except dbus.DBusException as error:
        if error.get_dbus_name() != UNKNOWN_OBJECT:
            raise
        return True


def cancel(path, connection=bus):
    connection.get_object(NAME, path, introspect=False).Cancel(dbus_interface=SESSION_IFACE)


def show(title, **options):
    options["title"] = title
    return str(manager.ShowTimePicker(dbus.Dictionary(options, signature="sv")))


def pick_in_background(title, token):
    """busctl waits for PickTimeRange's answer; the session's path has busctl's unique name in it."""
    process = subprocess.Popen(
        ["busctl", f"--address={address}", "--timeout=600", "call", NAME, MANAGER, NAME, "PickTimeRange",
         "a{sv}", "2", "title", "s", title, "handle_token", "s", token],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    found = []

    def session_exists():
        try:
            node = bus.get_object(NAME, MANAGER + "/session", introspect=False)
            xml = str(node.Introspect(dbus_interface="org.freedesktop.DBus.Introspectable"))
        except dbus.DBusException:
            return False
        for sender in [part.split('"')[0] for part in xml.split('<node name="')[1:]]:
            path = f"{MANAGER}/session/{sender}/{token}"
            if not gone(path):
                found.append(path)
                return True
        return False

    wait_until(f"the session of PickTimeRange {token}", session_exists)
    return process, found[0]


def own_name():
    try:
        return bool(bus.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                      "NameHasOwner", "s", (NAME,)))
    except dbus.DBusException:
        return False


mock = None
if ui == "terminal":
    screen, client = Screen(), Screen()
    daemon_process = start([], screen.terminal, screen.terminal)
else:
    with open(log_path, "ab") as log:
        mock = subprocess.Popen(
            ["/usr/bin/python3", "-m", "dbusmock", "--session", "--template", "notification_daemon",
             "-p", '{"capabilities": "body body-markup actions"}'],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    wait_until("the mock notification server", lambda: bus.name_has_owner("org.freedesktop.Notifications"))
    mock_calls = dbus.Interface(
        bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications", introspect=False),
        "org.freedesktop.DBus.Mock")
    daemon_process = start(["--notification-layout", "stepper"], subprocess.DEVNULL, open(log_path, "ab"))
wait_until("the daemon under valgrind to own its name", own_name, seconds=120)
manager = dbus.Interface(bus.get_object(NAME, MANAGER, introspect=False), NAME)

started = time.time()
for index in range(count):
    title = f"Leak check {index}"
    if ui == "terminal":
        kind = index % 10
        mark, client_mark = screen.mark(), client.mark()
        if kind in (0, 1, 2):  # shown, then Cancel()
            path = show(title)
            screen.wait_for(title, mark)
            cancel(path)
        elif kind in (3, 4):  # cancelled with a key
            path = show(title)
            screen.wait_for(title, mark)
            screen.type("q")
        elif kind in (5, 6):  # moved, then chosen
            path = show(title, start=dbus.String("09:00"))
            screen.wait_for(title, mark)
            screen.type("j\tj\r")
        elif kind == 7:  # on the caller's terminal
            path = show(title, terminal=dbus.types.UnixFd(client.terminal))
            client.wait_for(title, client_mark)
            client.type("j\r" if index % 20 == 7 else "q")
        elif kind == 8:  # PickTimeRange, answered when the person chooses
            process, path = pick_in_background(title, f"pick{index}")
            screen.wait_for(title, mark)
            screen.type("\r")
            if process.wait(timeout=120) != 0:
                raise SystemExit("leakcheck: busctl PickTimeRange did not get its answer")
        else:  # queued behind another, or timed out
            if index % 100 == 99:
                path = show(title, timeout=dbus.UInt32(1))
            else:
                first = show(title)
                path = show(title + " queued", step=dbus.UInt32(15), clock="12h")
                screen.wait_for("1 more picker waiting", mark)
                cancel(path, other)
                path = first
                cancel(path)
    else:
        if index % 10 == 9:  # PickTimeRange, cancelled by another connection of the user
            process, path = pick_in_background(title, f"pick{index}")
            cancel(path, other)
            process.wait(timeout=120)
        else:
            notified = len(mock_calls.GetMethodCalls("Notify"))
            path = show(title, step=dbus.UInt32(30 if index % 3 else 60))
            if index % 2:  # on screen first, or cancelled while still on its way
                wait_until("the notification", lambda: len(mock_calls.GetMethodCalls("Notify")) > notified)
            cancel(path)
        if index % 50 == 49:
            mock_calls.ClearCalls()
    wait_until(f"session {path} to end", lambda: gone(path))
    if index % 100 == 99:
        print(f"  {ui}: {index + 1} sessions, {time.time() - started:.0f} s", flush=True)

daemon_process.terminate()
status = daemon_process.wait(timeout=600)
if mock:
    mock.terminate()
    mock.wait(timeout=30)
print(f"  {ui}: {count} sessions in {time.time() - started:.0f} s; the daemon exited with status {status}", flush=True)
sys.exit(0 if status == 0 else 1)
EOF

status=0
for ui in terminal notification; do
  echo "leakcheck: $sessions sessions with the $ui user interface, the daemon under valgrind"
  started=$(date +%s)
  DAEMON="$daemon" ROOT="$root" /usr/bin/python3 "$work/drive.py" "$ui" "$sessions" "$work/daemon-$ui.log" "$work/valgrind-$ui.log" \
    || { echo "leakcheck: the $ui run failed; the daemon's log ends:"; tail -n 20 "$work/daemon-$ui.log"; status=1; }
  log="$work/valgrind-$ui.log"
  echo "leakcheck: $ui: $(( $(date +%s) - started )) s; valgrind says:"
  grep -E "definitely lost:|indirectly lost:|possibly lost:|ERROR SUMMARY:" "$log" | sed 's/^==[0-9]*== */    /' || true
  # Each loss record is a paragraph. A definite loss is the project's when the first frame
  # past the allocators and the Swift runtime is in Sources/ (or a thunk the compiler made
  # there); otherwise a library allocated it, even when our code called that library.
  classify='
    /definitely lost in loss record/ {
      n = split($0, lines, "\n"); owner = "?"
      for (i = 1; i <= n; i++) {
        if (lines[i] !~ /(at|by) 0x/) continue
        if (lines[i] ~ /: (malloc|calloc|realloc|memalign|posix_memalign|operator new|strdup|g_malloc0?|g_realloc|g_slice_alloc0?|g_strdup|dbus_malloc0?|swift_[A-Za-z]*[Aa]lloc[A-Za-z]*) /) continue
        if (lines[i] ~ /\(in [^)]*libswift[^)]*\.so\)/) continue
        if (lines[i] ~ /\((Sources\/|\/\/<compiler-generated>)/) owner = "ours"
        else { owner = lines[i]; sub(/.*\(in /, "", owner); sub(/\).*/, "", owner); sub(/.*\//, "", owner) }
        break
      }
      if (want == "ours" && owner == "ours") print
      if (want == "libraries" && owner != "ours") { split($0, first, " bytes"); gsub(/[^0-9]/, "", first[1]); bytes[owner] += first[1]; records[owner]++ }
    }
    END { if (want == "libraries") for (o in records) printf "    %d record(s), %d bytes, allocated inside %s\n", records[o], bytes[o], o }'
  ours=$(awk -v RS='==[0-9]+== \n' -v want=ours "$classify" "$log" | sed 's/^==[0-9]*== /    /')
  libraries=$(awk -v RS='==[0-9]+== \n' -v want=libraries "$classify" "$log")
  if [ -n "$ours" ]; then
    echo "leakcheck: $ui: definitely lost in the project's code:"
    echo "$ours"
    status=1
  else
    echo "leakcheck: $ui: nothing definitely lost in the project's code"
  fi
  [ -z "$libraries" ] || { echo "leakcheck: $ui: definitely lost inside libraries (not the project's allocations):"; echo "$libraries"; }
  # Definite losses count as errors too (--errors-for-leak-kinds); these are the others.
  errors=$(awk -v RS='==[0-9]+== \n' '!/lost in loss record/ && /(Invalid|uninitialised|Mismatched|overlap|Syscall param|free\(\))/' "$log")
  if [ -n "$errors" ]; then
    echo "leakcheck: $ui: memcheck errors other than leaks (the first ones):"
    echo "$errors" | head -n 80 | sed 's/^==[0-9]*== /    /'
    status=1
  else
    echo "leakcheck: $ui: no memcheck errors other than leaks"
  fi
done
exit $status
