#!/usr/bin/python3
"""A service of the user's own that owns io.github.timepickerd.TimePicker1 and answers wrongly,
for Tests/ServiceTests/LibraryTests.swift: the library must fail the pick with INVALID_REPLY;
or ends the session with a reason of its choice, which the pick must fail with.

Usage: wrong-service.py not-a-time   PickTimeRange's session sends Selected("25:00", "x"), then the call is answered so
       wrong-service.py wrong-type   ... sends Selected with one argument, Selected(u), and the call waits
       wrong-service.py answer-not-times  PickTimeRange is answered ("25:00", "x"), with no signal
       wrong-service.py cancelled REASON  ... the session sends Cancelled(REASON), the call fails with it
       wrong-service.py refuses-zone  refuses a PickTimeRange with time_zone as a service whose
                                     system lacks the zone (InvalidArgs), then as cancelled user
       wrong-service.py error NAME   fails PickTimeRange with the D-Bus error NAME, no session
       wrong-service.py wrong-duration  the session's Response says 09:00 to 10:00 with a
                                     "duration" that is text, then Selected, then the answer
Prints "owner NAME" once it owns the name, then "call MEMBER" per call, "option KEY VALUE"
for its locale and time_zone options, and "options [(KEY, VALUE)...]" for all but handle_token,
sorted.
"""
import sys

from gi.repository import Gio, GLib

NAME = "io.github.timepickerd.TimePicker1"
PATH = "/io/github/timepickerd/TimePicker1"
XML = """<node><interface name="io.github.timepickerd.TimePicker1">
<method name="PickTimeRange"><arg type="a{sv}" direction="in"/><arg type="s" direction="out"/><arg type="s" direction="out"/></method>
</interface></node>"""
mode = sys.argv[1]
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
waiting = []  # calls never answered (wrong-type)


def end_session(connection, session, member, arguments, invocation):
    """Sends the session's last signal, then answers the call as the service does: after it."""
    if mode == "wrong-duration":
        results = {"start": GLib.Variant("s", "09:00"), "end": GLib.Variant("s", "10:00"), "duration": GLib.Variant("s", "3600")}
        connection.emit_signal(None, session, NAME + ".Session", "Response", GLib.Variant("(ua{sv})", (0, results)))
    connection.emit_signal(None, session, NAME + ".Session", member, arguments)
    if member == "Cancelled":
        invocation.return_dbus_error(NAME + ".Error.Cancelled", arguments.unpack()[0])
    elif mode == "not-a-time":
        invocation.return_value(GLib.Variant("(ss)", ("25:00", "x")))
    elif mode == "wrong-duration":
        invocation.return_value(GLib.Variant("(ss)", ("09:00", "10:00")))
    else:
        waiting.append(invocation)
    return False


def method_call(connection, sender, path, interface, method, parameters, invocation):
    print(f"call {method}", flush=True)
    options = parameters.unpack()[0]
    for key in ("locale", "time_zone"):
        if key in options:
            print(f"option {key} {options[key]}", flush=True)
    print("options", sorted((key, value) for key, value in options.items() if key != "handle_token"), flush=True)
    if mode == "error":
        invocation.return_dbus_error(sys.argv[2], "refused for the test")
        return
    if mode == "refuses-zone" and "time_zone" in options:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.InvalidArgs",
                                     f"option 'time_zone': no zone '{options['time_zone']}' on this system")
        return
    if mode == "answer-not-times":
        invocation.return_value(GLib.Variant("(ss)", ("25:00", "x")))
        return
    token = options.get("handle_token", "none")
    session = f"{PATH}/session/{sender[1:].replace('.', '_')}/{token}"
    if mode == "cancelled":
        member, arguments = "Cancelled", GLib.Variant("(s)", (sys.argv[2],))
    elif mode == "refuses-zone":
        member, arguments = "Cancelled", GLib.Variant("(s)", ("user",))
    elif mode == "wrong-duration":
        member, arguments = "Selected", GLib.Variant("(ss)", ("09:00", "10:00"))
    else:
        member = "Selected"
        arguments = GLib.Variant("(ss)", ("25:00", "x")) if mode == "not-a-time" else GLib.Variant("(u)", (7,))
    GLib.timeout_add(100, end_session, connection, session, member, arguments, invocation)


bus.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], method_call, None, None)
Gio.bus_own_name_on_connection(bus, NAME, Gio.BusNameOwnerFlags.NONE,
                               lambda *_: print(f"owner {bus.get_unique_name()}", flush=True), None)
GLib.MainLoop().run()
