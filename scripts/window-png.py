#!/usr/bin/python3
"""Writes the contents of an X11 window as a PNG, for `make screenshots` (python3-xlib and the
standard library only: no ImageMagick needed).

Usage: window-png.py XID|root FILE.png     (on the display in DISPLAY; a 24- or 32-bit TrueColor window;
       root: the whole screen)
"""
import struct
import sys
import zlib

from Xlib import X, display


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    screen = display.Display()
    if sys.argv[1] == "root":
        window = screen.screen().root
    else:
        window = screen.create_resource_object("window", int(sys.argv[1], 0))
    geometry = window.get_geometry()
    width, height = geometry.width, geometry.height
    image = window.get_image(0, 0, width, height, X.ZPixmap, 0xFFFFFFFF)
    pixels = image.data  # BGRX, 4 bytes a pixel, rows packed
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        row = pixels[y * width * 4:(y + 1) * width * 4]
        for x in range(0, len(row), 4):
            rows += bytes((row[x + 2], row[x + 1], row[x]))
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    with open(sys.argv[2], "wb") as output:
        output.write(png)


if __name__ == "__main__":
    main()
