#!/usr/bin/python3
"""A GTK 4 window that asks for a range as soon as it is on screen, its dialog parented through
TimePickerGtk4.parent_new_gtk, for the desktop tests (Tests/ServiceTests/GnomeShellDesktopTests).
Prints the range or the error; SIGUSR1 cancels the pick. Usage: pick-gtk4-auto.py TITLE"""
import signal
import sys

import gi
for namespace, version in (("Gtk", "4.0"), ("TimePicker", "1.0"), ("TimePickerGtk4", "1.0")):
    gi.require_version(namespace, version)
from gi.repository import Gio, GLib, Gtk, TimePicker, TimePickerGtk4  # noqa: E402

app = Gtk.Application(application_id="test.timepickerd.library", flags=Gio.ApplicationFlags.NON_UNIQUE)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title=sys.argv[1], default_width=640, default_height=480)
    alert, cancellable = TimePicker.Alert(title="Lunch break"), Gio.Cancellable()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)

    def picked(alert, result):
        try:
            times = alert.pick_finish(result)
            print(f"from {times.get_start()} to {times.get_end()}", flush=True)
        except GLib.Error as error:
            print(f"error {error.domain}: {error.message}", flush=True)
        app.quit()  # one pick, then the window goes

    def mapped(_window):
        app.hold()
        alert.set_parent(TimePickerGtk4.parent_new_gtk(window))
        alert.pick(cancellable, picked)
        return False

    window.connect("map", lambda w: GLib.timeout_add(300, mapped, w))
    window.present()


app.connect("activate", activate)
app.run([])
