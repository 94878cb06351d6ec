#!/usr/bin/python3
"""libtimepicker under valgrind memcheck against the real timepickerd (--ui terminal, on a
pseudo-terminal of this script's) on a private bus: a pick chosen with Enter, picks cancelled
(at once, after 300 ms, ten in a row) and a TimePickerMonitor that hears 102 outcomes: a pick
chosen, one dismissed and 100 cancelled by their caller.
Prints each run's definitely (and possibly) lost records whose stacks name libtimepicker's files.

Usage (from the repository, after `make lib` and `swift build`):
    lib/tests/valgrind-library.py [RUN...]     RUN: pick cancel cancel-at-once picks monitor
Exit 1 when memcheck found an error or a definitely lost block in libtimepicker.
"""
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = os.path.join(ROOT, ".build/lib")
DAEMON = os.environ.get("TIMEPICKERD_BINARY", os.path.join(ROOT, ".build/debug/timepickerd"))
work = tempfile.mkdtemp(prefix="tp-valgrind.")
processes = []


def start_bus():
    config = os.path.join(work, "bus.conf")
    with open(config, "w") as file:
        file.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path={work}/socket</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow send_destination="*" eavesdrop="true"/>
<allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
""")
    bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, text=True)
    processes.append(bus)
    return bus.stdout.readline().strip()


class Screen:
    """timepickerd on a pseudo-terminal; what it drew is read as it comes."""

    def __init__(self, environment):
        self.master, slave = pty.openpty()
        self.text = ""
        log = open(os.path.join(work, "daemon.log"), "w")
        self.daemon = subprocess.Popen([DAEMON, "--ui", "terminal"], stdin=slave, stdout=slave, stderr=log,
                                       env=environment, start_new_session=True)
        processes.append(self.daemon)
        os.close(slave)

    def read(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.text += os.read(self.master, 65536).decode(errors="replace")
                except OSError:
                    return

    def wait_for(self, needle, seconds=60):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if needle in self.text:
                return True
            self.read(0.2)
        return False

    def type(self, keys):
        os.write(self.master, keys.encode())


def wait_for_owner(environment):
    for _ in range(100):
        found = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                "org.freedesktop.DBus.GetNameOwner", "string:io.github.timepickerd.TimePicker1"],
                               env=environment, capture_output=True, text=True)
        if found.returncode == 0:
            return
        time.sleep(0.1)
    sys.exit("timepickerd does not own its name: " + open(os.path.join(work, "daemon.log")).read())


def client(environment, name, arguments):
    log = os.path.join(work, f"valgrind-{name}.log")
    command = ["valgrind", "--leak-check=full", "--show-leak-kinds=definite,possible", "--errors-for-leak-kinds=definite", "--num-callers=30",
               f"--log-file={log}", os.path.join(work, "valgrind-client")] + arguments
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, text=True)
    processes.append(process)
    return process, log


def library_losses(log):
    """Each definitely lost record whose stack names one of libtimepicker's files, and the
    error summary."""
    text = open(log).read()
    records = re.split(r"\n==\d+== \n", text)
    lost = [r for r in records if ("definitely lost" in r or "possibly lost" in r) and re.search(r"timepicker-[a-z-]+\.c", r)]
    errors = re.search(r"ERROR SUMMARY: (\d+) errors", text)
    summary = re.search(r"definitely lost: [^\n]*", text)
    return lost, int(errors.group(1)) if errors else -1, summary.group(0) if summary else "no leak summary"


def main():
    runs = sys.argv[1:] or ["pick", "cancel", "cancel-at-once", "picks", "monitor"]
    subprocess.run(["gcc", "-g", "-O0", "-o", os.path.join(work, "valgrind-client"),
                    os.path.join(ROOT, "lib/tests/valgrind-client.c")]
                   + subprocess.run(["pkg-config", "--cflags", "--libs", "timepicker-1"], capture_output=True, text=True,
                                    env=dict(os.environ, PKG_CONFIG_PATH=LIB + "/pkgconfig")).stdout.split(), check=True)
    environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=start_bus(), LD_LIBRARY_PATH=LIB, G_SLICE="always-malloc")
    environment.pop("JOURNAL_STREAM", None)
    screen = Screen(environment)
    wait_for_owner(environment)
    failed = False
    for run in runs:
        if run == "pick":
            process, log = client(environment, run, ["pick"])
            if screen.wait_for("Asked by"):
                screen.text = ""
                time.sleep(1)
                screen.type("\r")
        elif run == "cancel":
            process, log = client(environment, run, ["cancel", "3000"])
        elif run == "cancel-at-once":
            process, log = client(environment, run, ["cancel-at-once"])
        elif run == "picks":
            process, log = client(environment, run, ["picks", "10"])
        elif run == "monitor":
            # It ends once it heard all 102 (the 300 s are only a bound for a broken run).
            process, log = client(environment, run, ["monitor", "300", "102"])
            process.stdout.readline()
            time.sleep(3)
            for keys in ("\r", "\x1b"):
                asker = subprocess.Popen([os.path.join(work, "valgrind-client"), "pick"], env=environment,
                                         stdout=subprocess.DEVNULL)
                screen.text = ""
                if screen.wait_for("Asked by"):
                    time.sleep(0.5)
                    screen.type(keys)
                asker.wait(30)
            # 100 sessions cancelled by their caller: each a Response and a Cancelled heard.
            subprocess.run([os.path.join(work, "valgrind-client"), "picks", "100", "200"], env=environment,
                           stdout=subprocess.DEVNULL, timeout=300)
        output, _ = process.communicate(timeout=120)
        lost, errors, summary = library_losses(log)
        print(f"{run}: exit {process.returncode}; {output.strip()!r}; memcheck errors {errors}; {summary}")
        for record in lost:
            print("  " + record.replace("\n", "\n  "))
        failed = failed or errors != 0 or any("definitely lost" in record for record in lost)
        if run == "monitor" and "heard 102 outcomes" not in output:
            print("  the monitor did not hear the 102 outcomes")
            failed = True
    return 1 if failed else 0


try:
    status = main()
finally:
    for process in reversed(processes):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
    if os.environ.get("KEEP"):
        print("kept", work)
    else:
        shutil.rmtree(work, ignore_errors=True)
sys.exit(status)
