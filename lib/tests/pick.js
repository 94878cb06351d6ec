// libtimepicker from GJS, for Tests/ServiceTests/LibraryTests.swift: one pick, printed as
// "from START to END (N minutes)", or "error DOMAIN CODE: MESSAGE" (exit 1).
// Run: gjs -m pick.js (with LD_LIBRARY_PATH and GI_TYPELIB_PATH naming .build/lib)
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import TimePicker from 'gi://TimePicker?version=1.0';

// pick() returns a Promise when called without a callback (the line GJS 1.74 needs).
Gio._promisify(TimePicker.Alert.prototype, 'pick', 'pick_finish');

const loop = new GLib.MainLoop(null, false);
let status = 0;
const alert = new TimePicker.Alert({title: 'Lunch break', step: 30});
alert.pick(null).then(range => {
    const minutes = range.has_duration() ? ` (${Math.floor(range.get_duration() / 60)} minutes)` : '';
    print(`from ${range.get_start()} to ${range.get_end()}${minutes}`);
}).catch(error => {
    print(`error ${error.domain} ${error.code}: ${error.message}`);
    status = 1;
}).finally(() => loop.quit());
loop.run();
imports.system.exit(status);
