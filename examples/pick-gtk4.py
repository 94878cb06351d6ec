#!/usr/bin/python3
"""A GTK 4 window with a button that picks a time range through libtimepicker, the dialog attached
to the window; closing the window cancels the picker. Needs python3-gi, gir1.2-gtk-4.0,
gir1.2-timepicker-1.0 and gir1.2-timepickergtk4-1.0. Run: python3 pick-gtk4.py"""
import gi
for namespace, version in (("Gtk", "4.0"), ("TimePicker", "1.0"), ("TimePickerGtk4", "1.0")):
    gi.require_version(namespace, version)
from gi.repository import Gio, GLib, Gtk, TimePicker, TimePickerGtk4  # noqa: E402

def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Time picker example", default_width=300)
    button = Gtk.Button(label="Pick a time")
    window.set_child(button)
    alert = TimePicker.Alert(title="Lunch break", step=30)  # typed options, as properties
    alert.set_parent(TimePickerGtk4.parent_new_gtk(window))  # the dialog is attached to the window
    cancellable = Gio.Cancellable()
    window.connect("close-request", lambda _window: cancellable.cancel())  # ends the picker too
    def picked(alert, result):
        app.release()  # the pick is over: the app may quit once its window is closed
        try:
            times = alert.pick_finish(result)
            button.set_label(f"From {times.get_start()} to {times.get_end()}")
            print(f"from {times.get_start()} to {times.get_end()}", flush=True)
        except GLib.Error as error:  # TimePicker.Error (user, timeout...) or Gio's CANCELLED
            print(f"No time range chosen: {error.message}", flush=True)
    def clicked(_button):
        app.hold()  # until the pick ends, so that the Cancel goes out as the window closes
        alert.pick(cancellable, picked)
    button.connect("clicked", clicked)
    window.present()
app = Gtk.Application(application_id="io.github.timepickerd.Example")
app.connect("activate", activate)
app.run()
