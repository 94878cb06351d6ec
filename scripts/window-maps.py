#!/usr/bin/python3
"""Reports top-level windows as the X server maps and unmaps them, on the display in DISPLAY.

Usage: window-maps.py

Selects SubstructureNotify on the root window and prints, one line each, flushed:
  ready                         once it listens: every window mapped after this is reported
  map XID NANOSECONDS TITLE     a top-level window was mapped (override-redirect ones are not
                                reported); its _NET_WM_NAME, else WM_NAME
  unmap XID NANOSECONDS         a top-level window was unmapped
  destroy XID NANOSECONDS       a top-level window was destroyed
NANOSECONDS is CLOCK_MONOTONIC when the event was read, for timing against another process's
clock. Runs until the display goes, or a signal ends it.
"""
import sys
import time

from Xlib import X, Xatom, display, error


def now():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def title(connection, window):
    """The window's title, or "" when it has none or is gone already."""
    names = (connection.intern_atom("_NET_WM_NAME"), connection.intern_atom("UTF8_STRING")), (Xatom.WM_NAME, X.AnyPropertyType)
    for name, kind in names:
        try:
            value = window.get_full_property(name, kind)
        except error.XError:
            return ""
        if value is not None and value.value:
            text = value.value
            return text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return ""


def main():
    if len(sys.argv) != 1:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    connection = display.Display()
    root = connection.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    connection.sync()
    print("ready", flush=True)
    while True:
        event = connection.next_event()
        seen = now()
        if event.type == X.MapNotify and not event.override:
            line = f"map {event.window.id} {seen} {title(connection, event.window)}"
        elif event.type == X.UnmapNotify:
            line = f"unmap {event.window.id} {seen}"
        elif event.type == X.DestroyNotify:
            line = f"destroy {event.window.id} {seen}"
        else:
            continue
        # One line whatever the title holds.
        print(line.replace("\n", " "), flush=True)


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt, error.ConnectionClosedError):
        sys.exit(0)
