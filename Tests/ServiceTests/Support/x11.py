#!/usr/bin/python3
"""X11 requests the dialog backend's tests need and xdotool lacks, on the display in DISPLAY.

Usage:
  x11.py delete-window XID   ask the window's client to close it (WM_DELETE_WINDOW), as a
                             window manager's close button does
  x11.py count-maps          count the top-level windows mapped until SIGTERM: prints "ready"
                             once it listens, and the count when it ends
"""
import select
import signal
import sys

from Xlib import X, display, protocol


def delete_window(xid):
    connection = display.Display()
    window = connection.create_resource_object("window", xid)
    protocols = connection.intern_atom("WM_PROTOCOLS")
    delete = connection.intern_atom("WM_DELETE_WINDOW")
    event = protocol.event.ClientMessage(
        window=window, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0]))
    window.send_event(event, event_mask=X.NoEventMask)
    connection.sync()


def count_maps():
    connection = display.Display()
    root = connection.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    connection.sync()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    print("ready", flush=True)
    maps = 0
    while not stopping:
        try:
            select.select([connection.fileno()], [], [], 0.05)
        except InterruptedError:
            pass
        while connection.pending_events():
            event = connection.next_event()
            if event.type == X.MapNotify and not event.override:
                maps += 1
    print(maps, flush=True)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "delete-window":
        delete_window(int(sys.argv[2], 0))
    elif len(sys.argv) == 2 and sys.argv[1] == "count-maps":
        count_maps()
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
