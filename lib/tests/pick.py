#!/usr/bin/python3
"""libtimepicker from PyGObject, for Tests/ServiceTests/LibraryTests.swift (run on the test's
private bus, with LD_LIBRARY_PATH and GI_TYPELIB_PATH naming .build/lib).

Usage: pick.py pick       one pick; prints "from START to END (N minutes)", or the error
       pick.py cancel     one pick with a Gio.Cancellable that SIGUSR1 cancels
       pick.py cancel-at-once  one pick whose Gio.Cancellable is cancelled right after pick()
       pick.py cancel-from-idle  the same, cancelled from an idle callback, as a window that closes
       pick.py cancel-and-drop  as cancel, then the program drops the alert: prints "picker
                          finalized" once it is gone, or "picker alive" after 2 s
       pick.py monitor    prints every session's outcome on the bus ("ready" once listening)
       pick.py two-pickers  a pick by each of two alerts at once; prints each one's end
       pick.py pushed-context  one pick on a context of its own pushed over the program's, as
                          a synchronous wrapper makes one, then every outcome on the bus as
                          monitor prints them, from the program's context
       pick.py berlin-night  a dated overnight pick (22:00 to 05:00 on 2026-01-15, Europe/Berlin)
                          through the typed setters; prints the range's GLib.DateTimes
       pick.py already-showing  picks twice with one alert: prints the second's error, then
                          cancels the first
       pick.py bad-first  a pick whose first slot is "25:00": the service refuses it
       pick.py typed      a pick with every typed option set, and set_options under them
       pick.py cancel-when FILE  one pick cancelled once FILE exists (an activated service
                          made it); prints the error and "ended N ms after the cancel"
       pick.py cancel-as-refused  one pick cancelled once the service's InvalidArgs refusal (of
                          the program's own zone) has come, before the library has heard it;
                          then prints "session left open" or "no session left" as the service
                          says of the pick's session path
       pick.py zone-local a pick with set_time_zone(GLib.TimeZone.new_local())
       pick.py huge-title a pick whose title takes 20 MB: refused before it is sent

An error is printed as "error DOMAIN CODE-NAME: MESSAGE" and exits 1.
"""
import gc
import os
import signal
import sys
import threading

import gi

gi.require_version("TimePicker", "1.0")
from gi.repository import Gio, GLib, TimePicker  # noqa: E402

loop = GLib.MainLoop()
status = [0]


def error_text(error):
    """The error's domain and code by name: TimePicker's enum, or Gio's."""
    if error.matches(TimePicker.Error.quark(), error.code):
        name = TimePicker.Error(error.code).value_nick
    elif error.matches(Gio.io_error_quark(), error.code):
        name = Gio.IOErrorEnum(error.code).value_nick
    else:
        name = str(error.code)
    return f"error {error.domain} {name}: {error.message}"


def picked(alert, result):
    """Says how the pick ended, and ends the program."""
    report(alert, result)
    loop.quit()


def report(alert, result):
    """Prints the range a pick gave, or its error (and the program will exit 1)."""
    try:
        time_range = alert.pick_finish(result)
    except GLib.Error as error:
        print(error_text(error), flush=True)
        status[0] = 1
    else:
        minutes = f" ({time_range.get_duration() // 60} minutes)" if time_range.has_duration() else ""
        print(f"from {time_range.get_start()} to {time_range.get_end()}{minutes}", flush=True)


def lunch_alert(parent=None):
    """An alert for a lunch break in half hours, through the typed setters."""
    alert = TimePicker.Alert.new()
    alert.set_title("Lunch break")
    alert.set_step(30)
    alert.set_parent(parent)
    return alert


def pick(cancellable=None, parent=None):
    alert = lunch_alert(parent)
    alert.pick(cancellable, picked)
    return alert


def berlin_night():
    """A night shift in Berlin on a winter day: the range's instants are GLib.DateTimes."""
    alert = TimePicker.Alert.new()
    alert.set_title("Night shift")
    alert.set_time_zone(GLib.TimeZone.new("Europe/Berlin"))
    alert.set_date(GLib.DateTime.new(GLib.TimeZone.new_utc(), 2026, 1, 15, 12, 0, 0))
    alert.set_overnight(True)
    alert.set_start("22:00")
    alert.set_end("05:00")

    def done(alert, result):
        try:
            time_range = alert.pick_finish(result)
        except GLib.Error as error:
            print(error_text(error), flush=True)
            status[0] = 1
        else:
            start, end = time_range.get_start_date_time(), time_range.get_end_date_time()
            print(f"start {start.format_iso8601()} offset {start.get_utc_offset()}", flush=True)
            print(f"end {end.format_iso8601()} offset {end.get_utc_offset()}", flush=True)
            print(f"duration {time_range.get_duration()} apart {end.difference(start) // 1_000_000}", flush=True)
        loop.quit()
    alert.pick(None, done)
    return alert


def already_showing():
    """A second pick of a showing alert fails at once; the first is then cancelled."""
    cancellable = Gio.Cancellable()
    alert = lunch_alert()
    alert.pick(cancellable, picked)

    def second_done(alert, result):
        report(alert, result)
        cancellable.cancel()
    alert.pick(None, second_done)
    return alert


def print_outcomes(monitor):
    """Prints each outcome the monitor's signals report."""
    monitor.connect("response", lambda _p, path, code, results, r: print(
        f"response {path} {code} {r.get_start() + ' ' + r.get_end() if r else '-'} {len(results.keys())}", flush=True))
    monitor.connect("selected", lambda _p, path, r: print(f"selected {path} {r.get_start()} {r.get_end()} {r.get_duration()}", flush=True))
    monitor.connect("cancelled", lambda _p, path, reason: print(f"cancelled {path} {reason}", flush=True))


def say_ready(monitor):
    """Prints "ready" once the monitor is listening (TimePicker.Monitor:listening)."""
    if monitor.get_listening():
        print("ready", flush=True)
    else:
        monitor.connect("notify::listening", lambda *_: print("ready", flush=True))


def monitor():
    """Prints each outcome; "ready" once the monitor follows the service."""
    monitor = TimePicker.Monitor.new()
    print_outcomes(monitor)
    say_ready(monitor)
    return monitor


def two_pickers():
    """Two alerts of one program, each picking at once; ends when both picks have ended."""
    left = [2]

    def picked_one(alert, result):
        left[0] -= 1
        report(alert, result)
        if left[0] == 0:
            loop.quit()

    alerts = [TimePicker.Alert.new(), TimePicker.Alert.new()]
    for number, alert in enumerate(alerts):
        alert.set_title(f"Picker {number + 1}")
        alert.pick(None, picked_one)
    return alerts


def pushed_context():
    """Picks right after the alert was made, on a context of its own pushed over the program's
    and iterated alone until the pick ends, then runs the program's: the monitor made
    there before signals there."""
    monitor = TimePicker.Monitor.new()
    print_outcomes(monitor)
    alert = lunch_alert()
    own = GLib.MainContext()
    own.push_thread_default()
    own_loop = GLib.MainLoop(own)

    def picked_there(alert, result):
        report(alert, result)
        own_loop.quit()

    alert.pick(None, picked_there)
    own_loop.run()
    own.pop_thread_default()
    say_ready(monitor)
    return alert, monitor


mode = sys.argv[1] if len(sys.argv) > 1 else "pick"
if mode == "pick":
    keep = pick()
elif mode == "cancel":
    cancellable = Gio.Cancellable()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    keep = pick(cancellable)
elif mode == "cancel-at-once":
    cancellable = Gio.Cancellable()
    keep = pick(cancellable)
    cancellable.cancel()
elif mode == "cancel-from-idle":
    cancellable = Gio.Cancellable()
    keep = pick(cancellable)
    GLib.idle_add(lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
elif mode == "cancel-and-drop":
    cancellable = Gio.Cancellable()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    finalized = []

    def dropped_after(alert, result):
        """Reports, then lets go of the alert: nothing of the library may keep it."""
        global keep
        report(alert, result)
        alert.weak_ref(lambda *_: finalized.append(True))
        keep = None
        started = GLib.get_monotonic_time()

        def check():
            gc.collect()
            if finalized or GLib.get_monotonic_time() - started > 2_000_000:
                print("picker finalized" if finalized else "picker alive", flush=True)
                loop.quit()
                return GLib.SOURCE_REMOVE
            return GLib.SOURCE_CONTINUE
        GLib.timeout_add(20, check)

    keep = TimePicker.Alert.new()
    keep.set_title("Lunch break")
    keep.pick(cancellable, dropped_after)
elif mode == "monitor":
    keep = monitor()
elif mode == "two-pickers":
    keep = two_pickers()
elif mode == "pushed-context":
    keep = pushed_context()
elif mode == "berlin-night":
    keep = berlin_night()
elif mode == "already-showing":
    keep = already_showing()
elif mode == "cancel-when":
    cancellable, cancelled_at = Gio.Cancellable(), []

    def cancel_when_there():
        """Polls for the file the activated service makes: the pick is then mid-activation."""
        if not GLib.file_test(sys.argv[2], GLib.FileTest.EXISTS):
            return GLib.SOURCE_CONTINUE
        cancelled_at.append(GLib.get_monotonic_time())
        cancellable.cancel()
        return GLib.SOURCE_REMOVE

    def ended(alert, result):
        report(alert, result)
        print(f"ended {(GLib.get_monotonic_time() - cancelled_at[0]) // 1000 if cancelled_at else -1} ms after the cancel", flush=True)
        loop.quit()
    GLib.timeout_add(20, cancel_when_there)
    keep = lunch_alert()
    keep.pick(cancellable, ended)
elif mode == "typed":
    keep = TimePicker.Alert(title="Typed", step=15, first="08:00", last="18:00", start="now", end="12:00",
                            min_duration=30, timeout=60, timeout_extensions=2, clock=TimePicker.Clock.TWELVE_HOUR,
                            overnight=True, user_interface=TimePicker.UserInterface.DIALOG, locale="de_DE.UTF-8")
    keep.set_date(GLib.DateTime.new_utc(2026, 3, 28, 23, 30, 0))
    keep.set_time_zone(GLib.TimeZone.new_identifier("Europe/Berlin"))
    keep.set_options(GLib.Variant("a{sv}", {"title": GLib.Variant("s", "under"), "later": GLib.Variant("i", 7)}))
    keep.pick(None, picked)
elif mode == "bad-first":
    keep = lunch_alert()
    keep.set_first("25:00")
    keep.pick(None, picked)
elif mode == "cancel-as-refused":
    connection, refused = Gio.bus_get_sync(Gio.BusType.SESSION), threading.Event()
    sent = threading.Event()

    def watch(_connection, message, incoming):
        """On GDBus's worker thread: the call going out, its refusal coming in."""
        if not incoming and message.get_member() == "PickTimeRange":
            sent.set()
        elif incoming and message.get_error_name() == "org.freedesktop.DBus.Error.InvalidArgs":
            refused.set()
        return message
    connection.add_filter(watch)
    cancellable = Gio.Cancellable()

    def cancel_once_refused():
        """Runs the pick until its call is out, waits for the refusal, then cancels: the
        refusal's callback and the cancel are then both due on this context."""
        context = GLib.MainContext.default()
        # Without blocking: a blocking iteration could dispatch the refusal before the cancel.
        while not sent.is_set():
            context.iteration(False)
        refused.wait(20)
        cancellable.cancel()
        return GLib.SOURCE_REMOVE

    def ended(alert, result):
        """Asks the service of the pick's session path: a retry sent after the cancel made one."""
        report(alert, result)
        sender = connection.get_unique_name()[1:].replace(".", "_")
        path = f"/io/github/timepickerd/TimePicker1/session/{sender}/libtimepicker_{os.getpid()}_1"
        try:
            connection.call_sync("io.github.timepickerd.TimePicker1", path, "org.freedesktop.DBus.Properties", "Get",
                                 GLib.Variant("(ss)", ("io.github.timepickerd.TimePicker1.Session", "Title")),
                                 None, Gio.DBusCallFlags.NONE, -1, None)
            print("session left open", flush=True)
        except GLib.Error:
            print("no session left", flush=True)
        loop.quit()
    keep = lunch_alert()
    keep.pick(cancellable, ended)
    GLib.idle_add(cancel_once_refused)
elif mode == "zone-local":
    keep = lunch_alert()
    keep.set_time_zone(GLib.TimeZone.new_local())
    keep.pick(None, picked)
elif mode == "huge-title":
    keep = lunch_alert()
    keep.set_title("x" * 20_000_000)
    keep.pick(None, picked)
else:
    sys.exit(f"unknown mode {mode}")
loop.run()
sys.exit(status[0])
