#!/usr/bin/python3
"""Asks timepickerd for a time range from Python, with GLib's D-Bus API (Gio).

D-Bus in brief: programs on your session bus own names, under those names they have
objects (paths), and objects have interfaces with methods, signals and properties.
timepickerd owns io.github.timepickerd.TimePicker1, and the bus starts it on the first
call. Its method ShowTimePicker puts a picker on screen and answers at once with the path
of a new "session" object; later that object sends two signals: first Response(response,
results), the whole answer (how it ended, the times, whether the end is the next day's,
the length in seconds, and with a date the instants), then Selected(start, end) when the
person has chosen, or Cancelled(reason). This program reads Response for the length, and
ends on Selected or Cancelled.

To be sure not to miss those signals, this program chooses the session's path itself (the
handle_token option) and subscribes to its signals *before* calling: the convention of
xdg-desktop-portal's requests.

Who answers matters: on a bus that other Unix users can reach too, a process of theirs may
own the name while your service is not running. So the program asks the bus which
connection owns the name and whose it is, and then talks to that connection alone, by its
unique name (":1.42"), which is never reused. And the bus lets any connection send a reply
nobody asked for, which GDBus takes for the answer of the call with that serial, whoever sent it:
so every reply is checked to come from the connection that was called (`call` below).

Needs python3-gi (Debian). Run: python3 pick-gio.py
"""
import os
import re
import sys

from gi.repository import Gio, GLib

SERVICE = "io.github.timepickerd.TimePicker1"  # the name on the bus
PATH = "/io/github/timepickerd/TimePicker1"  # the object that makes pickers
INTERFACE = "io.github.timepickerd.TimePicker1"


class ForgedReply(Exception):
    """A reply came from another connection than the one called."""


def call(bus, destination, path, interface, method, arguments, reply_type):
    """Calls `method` of `destination` (a unique name, or the bus) and returns its answer.

    GDBus takes the first reply that carries the call's serial, and any connection on the bus
    may send one: a reply is believed only from the connection called, or an error from the bus
    (nobody else can send as org.freedesktop.DBus). Any other fails the call rather than be
    believed (GDBus has dropped the real one by then)."""
    message = Gio.DBusMessage.new_method_call(destination, path, interface, method)
    message.set_body(arguments)
    reply, _serial = bus.send_message_with_reply_sync(message, Gio.DBusSendMessageFlags.NONE, -1, None)
    sender = reply.get_sender()
    is_error = reply.get_message_type() == Gio.DBusMessageType.ERROR
    if sender != destination and not (is_error and sender == "org.freedesktop.DBus"):
        raise ForgedReply(f"the answer to {method} came from {sender}, not from {destination}")
    if is_error:
        reply.to_gerror()  # raises it as a GLib.Error
    body = reply.get_body()
    if body is None or body.get_type_string() != reply_type:
        raise ForgedReply(f"{destination} answered {method} with {body}, not {reply_type}")
    return body


def ask_bus(bus, method, signature, arguments, reply_type):
    """Calls the bus itself (org.freedesktop.DBus) and returns the first value it answers."""
    return call(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
        GLib.Variant(signature, arguments), reply_type,
    ).unpack()[0]


def service_owner(bus):
    """The unique name of your own time picker service, started by the bus if need be."""
    try:
        owner = ask_bus(bus, "GetNameOwner", "(s)", (SERVICE,), "(s)")
    except GLib.Error:  # nobody owns it: the bus starts the service (D-Bus activation)
        ask_bus(bus, "StartServiceByName", "(su)", (SERVICE, 0), "(u)")
        owner = ask_bus(bus, "GetNameOwner", "(s)", (SERVICE,), "(s)")
    uid = ask_bus(bus, "GetConnectionUnixUser", "(s)", (owner,), "(u)")
    if uid != os.getuid():
        raise PermissionError(f"{SERVICE} is owned by another user's process (uid {uid})")
    return owner


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    try:
        owner = service_owner(bus)
    except (GLib.Error, PermissionError, ForgedReply) as error:
        print(f"Cannot use the time picker: {error}", file=sys.stderr)
        return 2

    # The session will be at PATH/session/SENDER/TOKEN: SENDER is our own name on the
    # bus (":1.42" becomes "1_42"), TOKEN is ours to choose (letters, digits and _).
    token = f"pick_gio_{os.getpid()}"
    sender = bus.get_unique_name()[1:].replace(".", "_")
    session_path = f"{PATH}/session/{sender}/{token}"

    loop = GLib.MainLoop()
    outcome = []
    results = {}

    def on_signal(_bus, _sender, _path, _interface, signal, parameters):
        if signal == "Response":
            # (0, {"start": "11:15", "end": "12:00", "next_day": False, "duration": 2700, ...}):
            # 0 chosen, 1 cancelled by the person, 2 ended otherwise. It comes just before
            # Selected or Cancelled, so it is here by the time either is.
            results.update(parameters.unpack()[1])
        elif signal in ("Selected", "Cancelled"):
            # parameters is a GLib.Variant tuple: ("09:00", "17:00"), or ("user",).
            outcome.append((signal, parameters.unpack()))
            loop.quit()

    def on_owner_changed(_bus, _sender, _path, _interface, _signal, parameters):
        # The service's process left the bus (it stopped, crashed or was killed) before the
        # outcome: no signal will come, so stop waiting.
        _name, _old, new = parameters.unpack()
        if new == "":
            outcome.append(("Stopped", ()))
            loop.quit()

    # First subscribe to the session's signals, from the owner alone, and to the owner
    # leaving the bus ...
    subscription = bus.signal_subscribe(
        owner, INTERFACE + ".Session", None, session_path, None, Gio.DBusSignalFlags.NONE, on_signal
    )
    departure = bus.signal_subscribe(
        "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus", owner,
        Gio.DBusSignalFlags.NONE, on_owner_changed,
    )

    # ... then call. The options are an a{sv}: names to values, each value a GLib.Variant
    # with its D-Bus type ("s" a string, "u" an unsigned number).
    options = {
        "title": GLib.Variant("s", "Lunch break"),
        "first": GLib.Variant("s", "11:00"),
        "last": GLib.Variant("s", "15:00"),
        "step": GLib.Variant("u", 15),
        "handle_token": GLib.Variant("s", token),
    }
    try:
        call(bus, owner, PATH, INTERFACE, "ShowTimePicker", GLib.Variant("(a{sv})", (options,)), "(o)")
    except GLib.Error as error:
        # A refused option: the message names it and says why.
        print(f"The time picker refused: {error.message}", file=sys.stderr)
        return 2
    except ForgedReply as error:
        print(f"Cannot use the time picker: {error}", file=sys.stderr)
        return 2

    loop.run()  # until on_signal or on_owner_changed quits it
    bus.signal_unsubscribe(subscription)
    bus.signal_unsubscribe(departure)

    signal, values = outcome[0]
    if signal == "Stopped":
        print("The time picker service stopped before answering", file=sys.stderr)
        return 2
    if signal == "Selected":
        start, end = values
        # Local wall-clock HH:MM, 24-hour; 24:00 is the end of the day.
        if not all(re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]|24:00", time) for time in (start, end)):
            print("The time picker answered something that is not a time", file=sys.stderr)
            return 2
        # Response says what HH:MM cannot: the length in real time (and, had we asked for
        # the overnight option, whether the end is the next day's). An older service sends
        # no Response: then there is only the range.
        minutes = results.get("duration", 0) // 60
        length = f" ({minutes} minutes)" if "duration" in results else ""
        day = " the next day" if results.get("next_day") else ""
        print(f"Lunch break: from {start} to {end}{day}{length}")
        return 0
    print(f"No time range chosen: {values[0]}", file=sys.stderr)  # user, timeout, ...
    return 1


if __name__ == "__main__":
    sys.exit(main())
