#!/usr/bin/gjs -m
// A GTK 4 window with a button that picks a time range through libtimepicker, the dialog
// attached to the window; closing the window cancels the picker. Nothing blocks the main loop.
// Needs gjs, gir1.2-gtk-4.0, gir1.2-timepicker-1.0 and gir1.2-timepickergtk4-1.0.
// Run: gjs -m pick-gtk4.js
import Gio from 'gi://Gio';
import Gtk from 'gi://Gtk?version=4.0';
import TimePicker from 'gi://TimePicker?version=1.0';
import TimePickerGtk4 from 'gi://TimePickerGtk4?version=1.0';

// pick() returns a Promise when called without a callback (GJS 1.74's way; later GJS does it
// without this line, from the library's annotations).
Gio._promisify(TimePicker.Alert.prototype, 'pick', 'pick_finish');

const app = new Gtk.Application({application_id: 'io.github.timepickerd.ExampleGjs'});
app.connect('activate', () => {
    const window = new Gtk.ApplicationWindow({application: app, title: 'Time picker example', default_width: 300});
    const button = new Gtk.Button({label: 'Pick a time'});
    window.set_child(button);
    const alert = new TimePicker.Alert({title: 'Lunch break', step: 30}); // typed options
    alert.set_parent(TimePickerGtk4.parent_new_gtk(window)); // the dialog is attached to the window
    const cancellable = new Gio.Cancellable();
    window.connect('close-request', () => cancellable.cancel()); // ends the picker too
    button.connect('clicked', async () => {
        app.hold(); // until the pick ends, so that the Cancel goes out as the window closes
        try {
            const times = await alert.pick(cancellable);
            button.set_label(`From ${times.get_start()} to ${times.get_end()}`);
            print(`from ${times.get_start()} to ${times.get_end()}`);
        } catch (error) { // TimePicker.Error (user, timeout, ...) or Gio.IOErrorEnum.CANCELLED
            print(`No time range chosen: ${error.message}`);
        } finally {
            app.release();
        }
    });
    window.present();
});
app.run([]);
