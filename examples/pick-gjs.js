#!/usr/bin/gjs -m
// Asks timepickerd for a time range from GJS, GNOME's JavaScript. Every call is asynchronous
// (await on Gio's promises), so the same code runs inside a GNOME Shell extension or a GNOME
// app, whose main loop must never wait for another process.
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
// We also watch the service's process: if it leaves the bus before answering (it crashed or
// was killed), no signal will ever come, and we stop waiting.
//
// Who answers matters: on a bus that other Unix users can reach too, a process of theirs may
// own the name while your service is not running. So we ask the bus which connection owns the
// name and whose it is, and then talk to that connection alone, by its unique name (":1.42"),
// which is never reused. And the bus lets any connection send a reply nobody asked for, which
// GDBus takes for the answer of the call with that serial, whoever sent it: so every reply is
// checked to come from the connection that was called (call() below).
//
// Run: gjs -m pick-gjs.js

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

// Gio.DBusConnection.send_message_with_reply() returns a Promise when called without a callback.
Gio._promisify(Gio.DBusConnection.prototype, 'send_message_with_reply');

const SERVICE = 'io.github.timepickerd.TimePicker1'; // the name on the bus
const PATH = '/io/github/timepickerd/TimePicker1'; // the object that makes pickers
const INTERFACE = 'io.github.timepickerd.TimePicker1';

const bus = Gio.DBus.session;

// Calls method of destination (a unique name, or the bus) and resolves to its answer. GDBus
// takes the first reply that carries the call's serial, and any connection may send one: a reply
// is believed only from the connection called, or an error from the bus (nobody else can send as
// org.freedesktop.DBus); any other rejects rather than be believed.
async function call(destination, path, iface, method, args, replyType) {
    const message = Gio.DBusMessage.new_method_call(destination, path, iface, method);
    message.set_body(args);
    const reply = await bus.send_message_with_reply(message, Gio.DBusSendMessageFlags.NONE, -1, null);
    const sender = reply.get_sender();
    const isError = reply.get_message_type() === Gio.DBusMessageType.ERROR;
    if (sender !== destination && !(isError && sender === 'org.freedesktop.DBus'))
        throw new Error(`the answer to ${method} came from ${sender}, not from ${destination}`);
    if (isError)
        reply.to_gerror(); // throws it
    const body = reply.get_body();
    if (body === null || body.get_type_string() !== replyType)
        throw new Error(`${destination} answered ${method} with ${body?.print(true)}, not ${replyType}`);
    return body;
}

// Calls the bus itself (org.freedesktop.DBus) and resolves to the first value it answers.
async function askBus(method, signature, args, replyType) {
    const reply = await call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
        method, new GLib.Variant(signature, args), replyType);
    return reply.deepUnpack()[0];
}

// The unique name of your own time picker service, started by the bus if need be.
async function serviceOwner() {
    let owner;
    try {
        owner = await askBus('GetNameOwner', '(s)', [SERVICE], '(s)');
    } catch (error) {
        if (!(error instanceof GLib.Error))
            throw error; // a forged answer
        // Nobody owns it: the bus starts the service (D-Bus activation).
        await askBus('StartServiceByName', '(su)', [SERVICE, 0], '(u)');
        owner = await askBus('GetNameOwner', '(s)', [SERVICE], '(s)');
    }
    const uid = await askBus('GetConnectionUnixUser', '(s)', [owner], '(u)');
    if (uid !== new Gio.Credentials().get_unix_user())
        throw new Error(`${SERVICE} is owned by another user's process (uid ${uid})`);
    return owner;
}

// Shows a picker and resolves to [start, end]; rejects with the reason when none was chosen.
async function pickTimeRange(options) {
    const owner = await serviceOwner();
    // The session will be at PATH/session/SENDER/TOKEN: SENDER is our own name on the bus
    // (":1.42" becomes "1_42"), TOKEN is ours to choose (letters, digits and _).
    const token = `pick_gjs_${GLib.random_int()}`;
    const sender = bus.get_unique_name().slice(1).replaceAll('.', '_');
    const sessionPath = `${PATH}/session/${sender}/${token}`;

    const subscriptions = [];
    const outcome = new Promise((resolve, reject) => {
        // First subscribe to the session's signals, from the owner alone ...
        subscriptions.push(bus.signal_subscribe(owner, `${INTERFACE}.Session`, null, sessionPath,
            null, Gio.DBusSignalFlags.NONE, (_bus, _sender, _path, _interface, signal, parameters) => {
                // Response comes first, and a newer service may send more: only these two end it.
                if (signal === 'Selected')
                    resolve(parameters.deepUnpack()); // ['09:00', '17:00']
                else if (signal === 'Cancelled')
                    reject(new Error(`No time range chosen: ${parameters.deepUnpack()[0]}`)); // user, timeout, ...
            }));
        // ... and to the owner leaving the bus without answering.
        subscriptions.push(bus.signal_subscribe('org.freedesktop.DBus', 'org.freedesktop.DBus',
            'NameOwnerChanged', '/org/freedesktop/DBus', owner, Gio.DBusSignalFlags.NONE,
            (_bus, _sender, _path, _interface, _signal, parameters) => {
                if (parameters.deepUnpack()[2] === '')
                    reject(new Error('The time picker service stopped before answering'));
            }));
    });
    // Settled before it is awaited when the service leaves during the call: handled below.
    outcome.catch(() => {});
    try {
        // ... then call. The session's path it answers is the one we already know.
        await call(owner, PATH, INTERFACE, 'ShowTimePicker',
            new GLib.Variant('(a{sv})', [{...options, handle_token: new GLib.Variant('s', token)}]), '(o)');
        return await outcome;
    } finally {
        subscriptions.forEach(id => bus.signal_unsubscribe(id));
    }
}

// The options are an a{sv}: names to values, each a GLib.Variant with its D-Bus type ('s' a
// string, 'u' an unsigned number). The whole interface is in
// /usr/share/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml.
const loop = new GLib.MainLoop(null, false);
let status = 0;
pickTimeRange({
    title: new GLib.Variant('s', 'Stand-up'),
    start: new GLib.Variant('s', '09:00'),
    end: new GLib.Variant('s', '10:00'),
}).then(([start, end]) => {
    // Local wall-clock HH:MM, 24-hour; 24:00 is the end of the day.
    const isTime = time => /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/.test(time);
    if (isTime(start) && isTime(end)) {
        print(`Stand-up: from ${start} to ${end}`);
    } else {
        printerr('The time picker answered something that is not a time');
        status = 2;
    }
}).catch(error => {
    // Cancelled (exit 1), or the service could not be used (exit 2).
    printerr(error.message.startsWith('No time range chosen') ? error.message : `Cannot use the time picker: ${error.message}`);
    status = error.message.startsWith('No time range chosen') ? 1 : 2;
}).finally(() => loop.quit());
loop.run(); // a GNOME Shell extension or app has its own loop running already
System.exit(status);
