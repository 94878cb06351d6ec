#!/usr/bin/python3
"""The instructions a session's life costs each daemon given, counted by callgrind.

Usage: instructions-per-session.py DAEMON [DAEMON...]

Each daemon runs under `valgrind --tool=callgrind` with `--ui terminal` on a private bus and an
80x24 pseudo-terminal, with a home, language and desktop of its own, while one connection makes
sessions one after the other (ShowTimePicker {} + Cancel()). A run of 600 sessions less a run of
100, divided by 500, is one figure: start-up and exit cancel out. Two such pairs per daemon,
taken in turns. Instructions, unlike times, do not follow what else the machine is doing, so
two daemons (a commit and its base: `make bench-instructions BASE=...`) compare to a fraction of
a per cent. The first daemon given is the one the others are compared with.
"""

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

import dbus

NAME = "io.github.timepickerd.TimePicker1"
PATH = "/io/github/timepickerd/TimePicker1"
SESSION_INTERFACE = NAME + ".Session"
SHORT, LONG, PAIRS = 100, 600, 2


def drain(descriptor):
    """Reads the terminal's output until it closes, so that the daemon never blocks on it."""
    while True:
        try:
            if not os.read(descriptor, 65536):
                return
        except OSError:
            return


def instructions(daemon, sessions, scratch):
    """The instructions callgrind counted for the whole life of `daemon` making `sessions`."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    master, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = os.path.join(scratch, f"callgrind.{os.getpid()}.{sessions}")
    try:
        address = bus.stdout.readline().strip()
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch, "LANG": "C.UTF-8",
                       "TERM": "xterm-256color", "DBUS_SESSION_BUS_ADDRESS": address}
        process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", daemon, "--ui", "terminal"],
            stdin=terminal, stdout=terminal, stderr=subprocess.DEVNULL, env=environment, start_new_session=True)
        threading.Thread(target=drain, args=(master,), daemon=True).start()
        connection = dbus.bus.BusConnection(address)
        deadline = time.monotonic() + 60
        while not connection.name_has_owner(NAME):
            if process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"instructions-per-session: {daemon} did not take {NAME} on the bus (exit status {process.poll()})")
            time.sleep(0.05)
        for _ in range(sessions):
            path = connection.call_blocking(NAME, PATH, NAME, "ShowTimePicker", "a{sv}", [{}])
            connection.call_blocking(NAME, path, SESSION_INTERFACE, "Cancel", "", [])
        connection.close()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
    finally:
        os.close(terminal)
        bus.terminate()
        bus.wait()
    with open(out) as counts:
        for line in counts:
            if line.startswith(("totals:", "summary:")):
                return int(line.split()[1])
    sys.exit(f"instructions-per-session: callgrind wrote no total to {out}")


def main():
    daemons = sys.argv[1:]
    if not daemons:
        sys.exit(__doc__.strip().splitlines()[2])
    figures = {daemon: [] for daemon in daemons}
    with tempfile.TemporaryDirectory(prefix="instructions-per-session.") as scratch:
        for _ in range(PAIRS):
            for daemon in daemons:
                short = instructions(daemon, SHORT, scratch)
                figures[daemon].append((instructions(daemon, LONG, scratch) - short) / (LONG - SHORT))
    first = sum(figures[daemons[0]]) / PAIRS
    for daemon in daemons:
        mean = sum(figures[daemon]) / PAIRS
        runs = ", ".join(f"{figure:,.0f}" for figure in figures[daemon])
        print(f"{daemon}: {mean:,.0f} instructions per session ({runs}); {mean / first:.3f} of the first")


if __name__ == "__main__":
    main()
