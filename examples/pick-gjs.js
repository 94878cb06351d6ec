#!/usr/bin/gjs -m
// Asks timepickerd for a time range from GJS, GNOME's JavaScript: the same calls work in a
// GNOME Shell extension or a GNOME app, which have a main loop of their own running already.
//
// D-Bus in brief: programs on your session bus own names, under those names they have
// objects (paths), and objects have interfaces with methods, signals and properties.
// timepickerd owns io.github.timepickerd.TimePicker1, and the bus starts it on the first
// call. Its method ShowTimePicker puts a picker on screen and answers at once with the path
// of a new "session" object; later that object sends Response(response, results), the whole
// answer (pick-gio.py reads it), and then one of Selected(start, end) when the person has
// chosen, or Cancelled(reason). This example needs only the last.
//
// To be sure not to miss that signal, we choose the session's path ourselves (the
// handle_token option) and subscribe to it before calling, as xdg-desktop-portal's callers do.
//
// Who answers matters: on a bus that other Unix users can reach too, a process of theirs may
// own the name while your service is not running. So we ask the bus which connection owns the
// name and whose it is, and then talk to that connection alone, by its unique name (":1.42"),
// which is never reused.
//
// Run: gjs -m pick-gjs.js

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

const SERVICE = 'io.github.timepickerd.TimePicker1'; // the name on the bus
const PATH = '/io/github/timepickerd/TimePicker1'; // the object that makes pickers
const INTERFACE = 'io.github.timepickerd.TimePicker1';

const bus = Gio.DBus.session;

// Calls the bus itself (org.freedesktop.DBus) and returns the first value it answers.
function askBus(method, signature, args) {
    const reply = bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
        method, new GLib.Variant(signature, args), null, Gio.DBusCallFlags.NONE, -1, null);
    return reply.deepUnpack()[0];
}

// The unique name of your own time picker service, started by the bus if need be.
let owner;
try {
    try {
        owner = askBus('GetNameOwner', '(s)', [SERVICE]);
    } catch {
        // Nobody owns it: the bus starts the service (D-Bus activation).
        askBus('StartServiceByName', '(su)', [SERVICE, 0]);
        owner = askBus('GetNameOwner', '(s)', [SERVICE]);
    }
    const uid = askBus('GetConnectionUnixUser', '(s)', [owner]);
    if (uid !== new Gio.Credentials().get_unix_user())
        throw new Error(`${SERVICE} is owned by another user's process (uid ${uid})`);
} catch (error) {
    printerr(`Cannot use the time picker: ${error.message}`);
    System.exit(2);
}

// The session will be at PATH/session/SENDER/TOKEN: SENDER is our own name on the bus
// (":1.42" becomes "1_42"), TOKEN is ours to choose (letters, digits and _).
const token = `pick_gjs_${GLib.random_int()}`;
const sender = bus.get_unique_name().slice(1).replaceAll('.', '_');
const sessionPath = `${PATH}/session/${sender}/${token}`;

const loop = new GLib.MainLoop(null, false);
let status = 0;

// First subscribe to the session's signals, from the owner alone ...
const subscription = bus.signal_subscribe(owner, `${INTERFACE}.Session`, null, sessionPath,
    null, Gio.DBusSignalFlags.NONE, (_bus, _sender, _path, _interface, signal, parameters) => {
        // Response comes first, and a newer service may send more: only these two end it.
        if (signal !== 'Selected' && signal !== 'Cancelled')
            return;
        const values = parameters.deepUnpack(); // ['09:00', '17:00'], or ['user']
        // Local wall-clock HH:MM, 24-hour; 24:00 is the end of the day.
        const isTime = time => /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/.test(time);
        if (signal === 'Selected' && !values.every(isTime)) {
            printerr('The time picker answered something that is not a time');
            status = 2;
        } else if (signal === 'Selected') {
            print(`Stand-up: from ${values[0]} to ${values[1]}`);
        } else {
            printerr(`No time range chosen: ${values[0]}`); // user, timeout, ...
            status = 1;
        }
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
// The call goes to the owner's unique name, found above. (The whole interface is in
// /usr/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml.) Called on the connection
// itself rather than through a Gio.DBusProxy: gjs 1.74 could crash as it exited (SIGSEGV in
// the context's teardown, about once in 60 runs) with a proxy alive, and one call needs none.
bus.call(owner, PATH, INTERFACE, 'ShowTimePicker', new GLib.Variant('(a{sv})', [options]),
    new GLib.VariantType('(o)'), Gio.DBusCallFlags.NONE, -1, null, (connection, result) => {
        try {
            connection.call_finish(result); // the session's path, which we already know
        } catch (error) {
            // A refused option: the message names it and says why.
            printerr(`The time picker refused: ${error.message}`);
            status = 2;
            loop.quit();
        }
    });

loop.run(); // until the signal (or a refusal) quits it
// Unsubscribed once the loop is done, not inside the handler that is running.
bus.signal_unsubscribe(subscription);
System.exit(status);
