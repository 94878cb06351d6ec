#!/usr/bin/gjs -m
// Asks timepickerd for a time range from GJS, GNOME's JavaScript: the same calls work in a
// GNOME Shell extension or a GNOME app, which have a main loop of their own running already.
//
// D-Bus in brief: programs on your session bus own names, under those names they have
// objects (paths), and objects have interfaces with methods, signals and properties.
// timepickerd owns io.github.timepickerd.TimePicker1, and the bus starts it on the first
// call. Its method ShowTimePicker puts a picker on screen and answers at once with the path
// of a new "session" object; later that object sends one signal: Selected(start, end) when
// the person has chosen, or Cancelled(reason).
//
// To be sure not to miss that signal, we choose the session's path ourselves (the
// handle_token option) and subscribe to it before calling, as xdg-desktop-portal's callers do.
//
// Run: gjs -m pick-gjs.js

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

const SERVICE = 'io.github.timepickerd.TimePicker1'; // the name on the bus
const PATH = '/io/github/timepickerd/TimePicker1'; // the object that makes pickers
const INTERFACE = 'io.github.timepickerd.TimePicker1';

// The part of the interface this program calls, as D-Bus introspection XML. (All of it is
// in /usr/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml.)
const TimePickerProxy = Gio.DBusProxy.makeProxyWrapper(`
<node>
  <interface name="io.github.timepickerd.TimePicker1">
    <method name="ShowTimePicker">
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
  </interface>
</node>`);

const bus = Gio.DBus.session;
const picker = TimePickerProxy(bus, SERVICE, PATH);

// The session will be at PATH/session/SENDER/TOKEN: SENDER is our own name on the bus
// (":1.42" becomes "1_42"), TOKEN is ours to choose (letters, digits and _).
const token = `pick_gjs_${GLib.random_int()}`;
const sender = bus.get_unique_name().slice(1).replaceAll('.', '_');
const sessionPath = `${PATH}/session/${sender}/${token}`;

const loop = new GLib.MainLoop(null, false);
let status = 0;

// First subscribe to the session's signals ...
const subscription = bus.signal_subscribe(SERVICE, `${INTERFACE}.Session`, null, sessionPath,
    null, Gio.DBusSignalFlags.NONE, (_bus, _sender, _path, _interface, signal, parameters) => {
        const values = parameters.deepUnpack(); // ['09:00', '17:00'], or ['user']
        if (signal === 'Selected') {
            print(`Stand-up: from ${values[0]} to ${values[1]}`);
        } else {
            printerr(`No time range chosen: ${values[0]}`); // user, timeout, ...
            status = 1;
        }
        bus.signal_unsubscribe(subscription);
        loop.quit();
    });

// ... then call. The options are an a{sv}: names to values, each a GLib.Variant with its
// D-Bus type ('s' a string, 'u' an unsigned number).
const options = {
    title: new GLib.Variant('s', 'Stand-up'),
    start: new GLib.Variant('s', '09:00'),
    end: new GLib.Variant('s', '10:00'),
    handle_token: new GLib.Variant('s', token),
};
picker.ShowTimePickerAsync(options).catch(error => {
    // A refused option: the message names it and says why.
    printerr(`The time picker refused: ${error.message}`);
    status = 2;
    loop.quit();
});

loop.run(); // until the signal (or a refusal) quits it
System.exit(status);
