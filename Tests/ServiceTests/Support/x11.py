#!/usr/bin/python3
"""X11 requests the dialog backend's tests need and xdotool lacks, on the display in DISPLAY.

Usage:
  x11.py delete-window XID   ask the window's client to close it (WM_DELETE_WINDOW), as a
                             window manager's close button does
  x11.py watch-maps          print "ready", then a line per top-level window mapped or
                             unmapped until killed: "map|unmap SECONDS XID MAPPED TITLE", with
                             SECONDS on CLOCK_MONOTONIC and MAPPED the number on screen after it
  x11.py pixel XID X Y       print the colour at X,Y of the window as "R G B" (0-255), as drawn
                             on a 24- or 32-bit TrueColor display
"""
import sys
import time

from Xlib import X, display, error, protocol


def delete_window(xid):
    connection = display.Display()
    window = connection.create_resource_object("window", xid)
    protocols = connection.intern_atom("WM_PROTOCOLS")
    delete = connection.intern_atom("WM_DELETE_WINDOW")
    event = protocol.event.ClientMessage(
        window=window, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0]))
    window.send_event(event, event_mask=X.NoEventMask)
    connection.sync()


def title_of(connection, window):
    """The window's _NET_WM_NAME (or WM_NAME) on one line; "" once it is gone."""
    try:
        name = window.get_full_property(connection.intern_atom("_NET_WM_NAME"), connection.intern_atom("UTF8_STRING"))
        if name is not None:
            text = name.value.decode("utf-8", "replace") if isinstance(name.value, bytes) else str(name.value)
        else:
            text = window.get_wm_name() or ""
    except error.XError:
        return ""
    return " ".join(str(text).split())


def watch_maps():
    """Top-level windows (children of the root, override-redirect ones aside) as they come and go."""
    connection = display.Display()
    root = connection.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    connection.sync()
    print("ready", flush=True)
    mapped = set()
    while True:
        event = connection.next_event()
        now = time.clock_gettime(time.CLOCK_MONOTONIC)
        if event.type == X.MapNotify and not event.override:
            mapped.add(event.window.id)
            print(f"map {now:.3f} {event.window.id} {len(mapped)} {title_of(connection, event.window)}", flush=True)
        elif event.type in (X.UnmapNotify, X.DestroyNotify) and event.window.id in mapped:
            mapped.discard(event.window.id)
            print(f"unmap {now:.3f} {event.window.id} {len(mapped)}", flush=True)


def pixel(xid, x, y):
    window = display.Display().create_resource_object("window", xid)
    image = window.get_image(x, y, 1, 1, X.ZPixmap, 0xFFFFFFFF)
    blue, green, red = image.data[0], image.data[1], image.data[2]  # BGRX
    print(red, green, blue)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "delete-window":
        delete_window(int(sys.argv[2], 0))
    elif len(sys.argv) == 5 and sys.argv[1] == "pixel":
        pixel(int(sys.argv[2], 0), int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 2 and sys.argv[1] == "watch-maps":
        watch_maps()
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
