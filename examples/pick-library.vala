// Asks timepickerd for a time range from Vala, with libtimepicker-1 (the VAPI made from its
// introspection data). The library finds the service, checks that it is your own user's,
// shows the picker and reports the range; `yield alert.pick (...)` waits for the person
// without blocking the main loop.
//
// Build and run: valac --pkg timepicker-1 pick-library.vala && ./pick-library
// (needs libtimepicker-1-dev and valac; exit 0 with a range, 1 without one, 2 on failure)

async int pick_lunch_break (TimePicker.Alert alert) {
    // Typed options, as properties: title, step in minutes, first and last slot, time zone...
    alert.title = "Lunch break";
    alert.step = 30;
    try {
        var range = yield alert.pick (null);
        // Wall-clock HH:MM, 24-hour; the length in real time comes with it.
        print ("from %s to %s (%u minutes)\n", range.get_start (), range.get_end (), range.get_duration () / 60);
        return 0;
    } catch (TimePicker.Error.USER error) {
        stderr.printf ("No time range chosen: %s\n", error.message);
        return 1;
    } catch (Error error) {
        // Another cancel reason (timeout, caller, ...) or the service failed (vanished, other user).
        stderr.printf ("error %s %d: %s\n", error.domain.to_string (), error.code, error.message);
        return error is TimePicker.Error && error.code <= TimePicker.Error.UNAVAILABLE ? 1 : 2;
    }
}

int main () {
    var loop = new MainLoop ();
    var status = 0;
    pick_lunch_break.begin (new TimePicker.Alert (), (source, result) => {
        status = pick_lunch_break.end (result);
        loop.quit ();
    });
    loop.run ();
    return status;
}
