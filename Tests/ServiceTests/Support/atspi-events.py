#!/usr/bin/python3
"""Prints the accessibility events a screen reader acts on, one JSON object a line, for the dialog
backend's tests: what Orca would be told as keys are pressed (AT-SPI through pyatspi), from the
session bus in DBUS_SESSION_BUS_ADDRESS. Prints "listening" once the listeners are registered;
runs until it is ended (SIGTERM) or after SECONDS.

Each event: type, the source's role, name and description, and its parent's role and name.

Usage: atspi-events.py [SECONDS]
"""
import json
import sys

import pyatspi
from gi.repository import GLib

EVENTS = [
    "object:selection-changed",
    "object:state-changed:focused",
    "object:state-changed:selected",
    "object:property-change:accessible-description",
]


def describe(accessible):
    try:
        return accessible.getRoleName(), accessible.name or "", accessible.description or ""
    except Exception:
        return "", "", ""


def on_event(event):
    role, name, description = describe(event.source)
    try:
        parent_role, parent_name, _ = describe(event.source.parent)
    except Exception:
        parent_role, parent_name = "", ""
    print(json.dumps({
        "type": event.type, "detail1": event.detail1, "role": role, "name": name, "description": description,
        "parentRole": parent_role, "parentName": parent_name,
    }), flush=True)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    pyatspi.Registry.registerEventListener(on_event, *EVENTS)
    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop())
    GLib.idle_add(lambda: print("listening", flush=True) and False)
    pyatspi.Registry.start()


if __name__ == "__main__":
    main()
