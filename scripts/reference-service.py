#!/usr/bin/python3
"""The reference `make bench` measures timepickerd against: the same service, for what the
bench asks of it, written as a Python D-Bus service is usually written (dbus-python's
dbus.service objects on GLib's main loop, Debian's python3-dbus and python3-gi).

Usage: reference-service.py   (on the session bus of DBUS_SESSION_BUS_ADDRESS; stdin and stdout
                               a terminal, where it draws its pickers, as `timepickerd --ui terminal`)

What it does, as the daemon does it (dbus/io.github.timepickerd.TimePicker1.xml):
- owns io.github.timepickerd.TimePicker1 and serves /io/github/timepickerd/TimePicker1;
  org.freedesktop.DBus.Peer.Ping is answered by libdbus, as in the daemon;
- ShowTimePicker(a{sv}) -> o: takes the options `title`, `step`, `first` (others are refused with
  InvalidArgs), makes a session object at
  /io/github/timepickerd/TimePicker1/session/<sender, ':1.42' as '1_42'>/t<N>, replies with its
  path and then shows the picker; at most 16 open sessions per caller and 256 in all
  (LimitsExceeded);
- the picker: the terminal in raw mode, the alternate screen, the title, the two columns of
  times (a window of the day's slots, the selection marked), the selection, the keys; the keys
  read while it is shown (Esc or q cancels, Enter selects); one picker at a time, the others
  queued; taken down (screen left, terminal restored) when the session ends;
- Session.Cancel() from the session's creator: the picker taken down, the object removed,
  Response(2, results) and Cancelled("caller") emitted, then the reply (a session the person
  ends sends Response and Selected or Cancelled alike); from anyone else AccessDenied (the daemon asks
  the bus whether both are the same user; the bench never cancels another caller's session).
PickTimeRange, the properties, timeouts and the other user interfaces are left out: the bench
does not use them.
"""
import os
import signal
import termios
import tty

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "io.github.timepickerd.TimePicker1"
MANAGER_PATH = "/io/github/timepickerd/TimePicker1"
SESSION_INTERFACE = NAME + ".Session"
ERRORS = NAME + ".Error."
PER_CALLER = 16
IN_ALL = 256


class ServiceError(dbus.DBusException):
    def __init__(self, name, message):
        super().__init__(message, name=name)


class Terminal:
    """The terminal on stdin and stdout: one picker shown at a time, the rest waiting."""

    def __init__(self):
        self.input = 0
        self.output = 1
        self.shown = None
        self.waiting = []
        self.saved = None
        self.watch = None

    def show(self, session):
        if self.shown is None:
            self.begin(session)
        else:
            self.waiting.append(session)

    def withdraw(self, session):
        if session in self.waiting:
            self.waiting.remove(session)
        elif session is self.shown:
            self.take_down()
            if self.waiting:
                self.begin(self.waiting.pop(0))

    def begin(self, session):
        # Raw mode at once, what was typed before dropped, and back at once after: as the
        # daemon does (neither waits for the output to drain).
        self.saved = termios.tcgetattr(self.input)
        tty.setraw(self.input, termios.TCSANOW)
        termios.tcflush(self.input, termios.TCIFLUSH)
        self.shown = session
        self.watch = GLib.io_add_watch(self.input, GLib.IO_IN, self.read_keys)
        columns, rows = os.get_terminal_size(self.output)
        os.write(self.output, b"\x1b[?1049h\x1b[?25l" + frame(session, columns, rows))

    def take_down(self):
        GLib.source_remove(self.watch)
        os.write(self.output, b"\x1b[0m\x1b[H\x1b[2J\x1b[?25h\x1b[?1049l")
        termios.tcsetattr(self.input, termios.TCSANOW, self.saved)
        self.shown = None

    def read_keys(self, descriptor, condition):
        keys = os.read(descriptor, 1024)
        session = self.shown
        if session is not None:
            if keys in (b"\x1b", b"q"):
                session.end("user")
            elif keys == b"\r":
                session.end(None)
        return True


def frame(session, columns, rows):
    """The picker: title, headings, as many rows of both columns as fit, selection, keys."""
    slots = session.slots
    height = max(rows - 6, 1)
    lines = [session.title[: columns - 1], ""]
    lines.append("  \x1b[1m  Start\x1b[0m      End  ")
    for row in range(min(height, len(slots))):
        start = "\x1b[7m\u25b6 %s\x1b[0m" % slots[row] if row == session.start else "  " + slots[row]
        end = "> \x1b[4m%s\x1b[0m" % slots[row] if row == session.finish else "  " + slots[row]
        lines.append("  %s    %s" % (start, end))
    lines.append("")
    lines.append("Selected: %s \u2013 %s \u00b7 %d h" % (slots[session.start], slots[session.finish], session.finish - session.start))
    lines.append("\u2191\u2193 move  Tab column  PgUp/PgDn hour  0-9 type a time  Enter OK  Esc cancel")
    return ("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J").encode()


def minutes(time):
    """Minutes since midnight of an HH:MM time."""
    return int(time[:2]) * 60 + int(time[3:5])


class Session(dbus.service.Object):
    def __init__(self, service, path, owner, title, slots):
        super().__init__(service.connection, path)
        self.service = service
        self.path = path
        self.owner = owner
        self.title = title
        self.slots = slots
        self.start = 0
        self.finish = 1

    @dbus.service.method(SESSION_INTERFACE, in_signature="", out_signature="", sender_keyword="sender")
    def Cancel(self, sender=None):
        if sender != self.owner:
            raise ServiceError("org.freedesktop.DBus.Error.AccessDenied", "only the session's creator may cancel it")
        self.end("caller")

    @dbus.service.signal(SESSION_INTERFACE, signature="ua{sv}")
    def Response(self, response, results):
        pass

    @dbus.service.signal(SESSION_INTERFACE, signature="s")
    def Cancelled(self, reason):
        pass

    @dbus.service.signal(SESSION_INTERFACE, signature="ss")
    def Selected(self, start, end):
        pass

    def end(self, reason):
        """Takes the picker down, says how it ended, then takes the object away: dbus-python
        sends a signal only from an object still on the connection."""
        self.service.forget(self)
        start, end = self.slots[self.start], self.slots[self.finish]
        results = {
            "start": dbus.String(start), "end": dbus.String(end), "next_day": dbus.Boolean(False),
            "duration": dbus.UInt32((minutes(end) - minutes(start)) * 60),
        }
        if reason is not None:
            results["reason"] = dbus.String(reason)
        code = 0 if reason is None else 1 if reason == "user" else 2
        self.Response(dbus.UInt32(code), dbus.Dictionary(results, signature="sv"))
        if reason is None:
            self.Selected(self.slots[self.start], self.slots[self.finish])
        else:
            self.Cancelled(reason)
        self.remove_from_connection()


class Manager(dbus.service.Object):
    def __init__(self, connection, terminal):
        super().__init__(connection, MANAGER_PATH)
        self.terminal = terminal
        self.sessions = {}
        self.counter = 0

    @dbus.service.method(NAME, in_signature="a{sv}", out_signature="o", sender_keyword="sender",
                         async_callbacks=("reply", "error"))
    def ShowTimePicker(self, options, sender=None, reply=None, error=None):
        unknown = set(options) - {"title", "step", "first"}
        if unknown:
            raise ServiceError("org.freedesktop.DBus.Error.InvalidArgs", "unknown option '%s'" % sorted(unknown)[0])
        if sum(1 for session in self.sessions.values() if session.owner == sender) >= PER_CALLER:
            raise ServiceError(ERRORS + "LimitsExceeded", "at most %d open sessions per caller" % PER_CALLER)
        if len(self.sessions) >= IN_ALL:
            raise ServiceError(ERRORS + "LimitsExceeded", "at most %d open sessions in all" % IN_ALL)
        step = int(options.get("step", 60))
        first = str(options.get("first", "01:00"))
        first_minutes = int(first[:2]) * 60 + int(first[3:5])
        slots = ["%02d:%02d" % divmod(minutes, 60) for minutes in range(first_minutes, 24 * 60 + 1, step)]
        self.counter += 1
        path = "%s/session/%s/t%d" % (MANAGER_PATH, sender.lstrip(":").replace(".", "_"), self.counter)
        session = Session(self, path, sender, str(options.get("title", "Select start and end time")), slots)
        self.sessions[path] = session
        # The handle goes back first, then the picker is shown, as in the daemon.
        reply(path)
        self.terminal.show(session)

    def forget(self, session):
        del self.sessions[session.path]
        self.terminal.withdraw(session)


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    terminal = Terminal()
    manager = Manager(bus, terminal)
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    loop = GLib.MainLoop()
    for number in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, loop.quit)
    loop.run()
    if terminal.shown is not None:
        terminal.take_down()
    del name, manager


if __name__ == "__main__":
    main()
