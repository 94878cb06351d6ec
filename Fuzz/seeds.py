#!/usr/bin/python3
"""Writes the seed inputs of Fuzz/corpus/<target>/seed-*: one of each kind of input a target
reads, for libFuzzer to start from. Method calls are made by GDBus (python3-gi), in the wire
format both libdbus and GDBus read. Run from the repository's root after changing what a target
reads; libFuzzer adds what it finds next to the seeds.

Usage: Fuzz/seeds.py
"""
import os

from gi.repository import Gio, GLib

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def write(target, name, data):
    directory = os.path.join(CORPUS, target)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "seed-" + name), "wb") as file:
        file.write(data.encode("utf-8") if isinstance(data, str) else data)


def call(member, signature, arguments, path="/io/github/timepickerd/TimePicker1",
         interface="io.github.timepickerd.TimePicker1"):
    """A method call's wire bytes (little-endian, serial 1, as a connection would send it)."""
    message = Gio.DBusMessage.new_method_call(None, path, interface, member)
    message.set_body(GLib.Variant(signature, arguments))
    message.set_serial(1)
    message.set_sender(":1.42")
    return message.to_blob(Gio.DBusCapabilityFlags.NONE)


def options(**values):
    """An a{sv} of options: str as s, int as u, tuple (signature, value) as that type."""
    result = {}
    for key, value in values.items():
        if isinstance(value, tuple):
            result[key] = GLib.Variant(*value)
        elif isinstance(value, int):
            result[key] = GLib.Variant("u", value)
        else:
            result[key] = GLib.Variant("s", value)
    return result


# The key decoder: the first byte picks the read size and the picker, the rest is terminal input.
keys = {
    "arrows": "\x00\x1b[A\x1b[B\x1b[C\x1b[D",
    "ss3": "\x05\x1bOA\x1bOB\x1bOH\x1bOF\x1bOM",
    "tilde-keys": "\x13\x1b[5~\x1b[6~\x1b[1~\x1b[4~\x1b[3;5~",
    "typing": "\x20930\r",
    "typing-12h": "\x3112:30am\x7f\x7fpm\t17\r",
    "escape": "\x00\x1b",
    "alt-key": "\x01\x1bq",
    "paste": "\x02\x1b[200~q\x1b[A\r\x1b[201~j",
    "mouse-x10": "\x03\x1b[M !!j",
    "mouse-sgr": "\x04\x1b[<0;10;5Mj",
    "utf8": "\x07é日😀\u009b",
    "controls": "\x0f\x00\x01\x07\x08\x7f\x0a\x0d\x09\x1b[Z",
    "long-csi": "\x00\x1b[" + "1;" * 20 + "A",
    "vi-keys": "\x40jjjkkk\tjjj\r",
}
for name, text in keys.items():
    write("key-decoder", name, text)
write("key-decoder", "raw-bytes", bytes([0x06, 0x1B, 0x5B, 0x31, 0x35, 0x7E, 0xFF, 0xC3, 0x28, 0x80, 0xF4, 0x90, 0x80, 0x80]))

# Typed and written times: the first byte picks the picker and which characters are erased.
for name, text in {
    "digits": "\x00930", "colon": "\x009:3", "12h": "\x0012:30am", "pm": "\x005p", "noon": "\x00noon",
    "midnight": "\x00midnight", "end-of-day": "\x0024:00", "bus": "\x0009:05", "option": "\x009:30",
    "erase": "\x0293a0", "spaces": "\x005 : 30 PM", "bad": "\x0025:61",
}.items():
    write("typed-time", name, text)

# Titles through displaySafe.
for name, text in {
    "ascii": "Book a meeting room", "controls": "a\x1b[2Jb\x07\x9bc\r\nd\te",
    "bidi": "abc\u202edcba\u2066x\u2069", "invisible": "pay\u200bpal\u034f\u17b4\ufe0f\U000e0100",
    "emoji-zwj": "\U0001f468\u200d\U0001f469\u200d\U0001f467 \U0001f469\U0001f3fd\u200d\U0001f4bb",
    "emoji-variation": "\u2764\ufe0f\u200d\U0001f525 #\ufe0f\u20e3 \u263a\ufe0e",
    "flag-tags": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "scripts": "日本語 שלום مرحبا \u0600١٢٣ Café", "hangul-fillers": "\u3164\u115f\u1160\uffa0",
}.items():
    write("display-safe", name, text)

# ShowTimePicker calls: the options the daemon reads, right and wrong.
for name, values in {
    "empty": {},
    "typical": options(title="Standup", step=15, first="08:00", last="18:00", start="09:00", end="09:30",
                       min_duration=15, timeout=60, clock="12h", handle_token="t1"),
    "ui": options(ui="dialog", parent_window="x11:1a2b", activation_token="token-1"),
    "wayland": options(ui="notification", parent_window="wayland:abc-123"),
    "terminal": {"terminal": GLib.Variant("h", 0)},
    "wrong-types": options(title=("i", 5), step=("s", "15"), start=("as", ["09:00"])),
    "bad-values": options(step=7, first="9", last="25:00", min_duration=5000, clock="13h", ui="x"),
    "unknown-key": options(colour="red"),
    "overnight-dated": options(overnight=("b", True), date="2026-03-28", time_zone="Europe/Berlin", step=30,
                               first="18:00", last="08:00", start="22:00", end="06:00"),
    "fall-back": options(date="2026-10-25", time_zone="Europe/Berlin", step=30, start="02:30", end="02:30"),
    "bad-dates": options(overnight=("s", "yes"), date="2026-02-30", time_zone="../../etc/passwd"),
    "long-title": options(title="x" * 300),
    "nested": {"title": GLib.Variant("v", GLib.Variant("s", "nested"))},
}.items():
    write("option-decoding", name, call("ShowTimePicker", "(a{sv})", (values,)))
write("option-decoding", "pick", call("PickTimeRange", "(a{sv})", (options(step=30),)))
write("option-decoding", "wrong-body", call("ShowTimePicker", "(s)", ("title",)))

# The dialog backend's calls, and the standard interfaces it answers on its object.
backend = {"path": "/io/github/timepickerd/impl/TimePicker1", "interface": "io.github.timepickerd.impl.TimePicker1"}
handle = "/io/github/timepickerd/TimePicker1/session/_1_42/t1"
for name, (member, signature, arguments) in {
    "show": ("ShowPicker", "(osa{sv})", (handle, "", options(title="Standup", step=15, start="09:00", end="10:00",
                                                              focus="end", timeout=30, clock="24h"))),
    "show-parented": ("ShowPicker", "(osa{sv})", (handle, "x11:0x1a", options(activation_token="tok"))),
    "show-wrong": ("ShowPicker", "(osa{sv})", (handle, "wayland:", options(step=("i", 15), focus="middle"))),
    "update": ("Update", "(oa{sv})", (handle, options(start="03:00", end="05:00", focus="start", timeout=9))),
    "update-wrong": ("Update", "(oa{sv})", (handle, options(start="03:07", end=("u", 5)))),
    "close": ("Close", "(o)", (handle,)),
    "unknown": ("Frobnicate", "(o)", (handle,)),
}.items():
    write("backend-call", name, call(member, signature, arguments, **backend))
properties = {"path": backend["path"], "interface": "org.freedesktop.DBus.Properties"}
write("backend-call", "get-version", call("Get", "(ss)", (backend["interface"], "Version"), **properties))
write("backend-call", "get-all", call("GetAll", "(s)", (backend["interface"],), **properties))
write("backend-call", "set", call("Set", "(ssv)", (backend["interface"], "Version", GLib.Variant("u", 2)), **properties))
write("backend-call", "introspect", call("Introspect", "()", (), path="/io/github",
                                         interface="org.freedesktop.DBus.Introspectable"))

# parent_window as callers send it.
for name, text in {
    "none": "", "x11": "x11:1a2b3c", "x11-prefixed": "x11:0x1a2b", "x11-large": "x11:ffffffff",
    "wayland": "wayland:abcDEF123-_", "wayland-spaces": "wayland:a b$c", "other": "mir:1",
}.items():
    write("parent-window", name, text)

# Zone files as tzdata has them (fat, with a footer; a zone of one offset; 30-minute daylight
# time; a zone that skipped a day), each after two bytes that pick the day and the step.
for name, (prefix, zone) in {
    "berlin-spring": (b"\x50\x3c", "Europe/Berlin"), "berlin-fall": (b"\x51\x00", "Europe/Berlin"),
    "utc": (b"\x50\x00", "UTC"), "lord-howe": (b"\x50\x10", "Australia/Lord_Howe"),
    "kiritimati": (b"\x00\x2f", "Pacific/Kiritimati"), "new-york": (b"\x50\x44", "America/New_York"),
}.items():
    with open(os.path.join("/usr/share/zoneinfo", zone), "rb") as file:
        write("zone-file", name, prefix + file.read())
