#!/usr/bin/python3
"""Prints the accessible tree of every application on the accessibility bus as JSON, for the
dialog backend's tests: what a screen reader sees (AT-SPI through pyatspi), from the session bus
in DBUS_SESSION_BUS_ADDRESS.

Each node: role, name, description, text (a label's text), states (visible, showing, focused, selected,
sensitive), extents (x, y, width, height relative to the node's window: GTK 4.8 cannot report
screen coordinates), children.

Usage: atspi.py [MAX_DEPTH] [--without-rows]
With --without-rows, lists are printed without their items: much faster to read, for a test that
must see a label within a short time.
"""
import json
import sys

import pyatspi

STATES = {
    pyatspi.STATE_VISIBLE: "visible",
    pyatspi.STATE_SHOWING: "showing",
    pyatspi.STATE_FOCUSED: "focused",
    pyatspi.STATE_SELECTED: "selected",
    pyatspi.STATE_SENSITIVE: "sensitive",
}


def text_of(accessible):
    try:
        text = accessible.queryText()
        return text.getText(0, text.characterCount)
    except Exception:
        return ""


def extents_of(accessible):
    try:
        box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return [box.x, box.y, box.width, box.height]
    except Exception:
        return [0, 0, 0, 0]


def node(accessible, depth, max_depth, rows=True):
    role = accessible.getRoleName()
    state = accessible.getState()
    children = []
    if depth < max_depth and (rows or role != "list"):
        for index in range(accessible.childCount):
            child = accessible.getChildAtIndex(index)
            if child is not None:
                children.append(node(child, depth + 1, max_depth, rows))
    return {
        "role": role,
        "name": accessible.name or "",
        "description": accessible.description or "",
        "text": text_of(accessible) if role == "label" else "",
        "states": [name for key, name in STATES.items() if state.contains(key)],
        "extents": extents_of(accessible) if role not in ("application",) else [0, 0, 0, 0],
        "children": children,
    }


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--without-rows"]
    rows = "--without-rows" not in sys.argv[1:]
    max_depth = int(arguments[0]) if arguments else 40
    desktop = pyatspi.Registry.getDesktop(0)
    applications = [node(app, 0, max_depth, rows) for app in desktop if app is not None]
    json.dump(applications, sys.stdout)


if __name__ == "__main__":
    main()
