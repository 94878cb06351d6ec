/* Asks timepickerd for a time range from C, with sd-bus (systemd's D-Bus library).
 *
 * D-Bus in brief: programs on your session bus own names, under those names they have
 * objects (paths), and objects have interfaces with methods and signals. timepickerd owns
 * io.github.timepickerd.TimePicker1, and the bus starts it on the first call. Its method
 * PickTimeRange shows a picker and answers only once the person has chosen: with the two
 * times, or with an error whose message says why there are none.
 *
 * Build: cc pick-sd-bus.c -o pick-sd-bus $(pkg-config --cflags --libs libsystemd)
 *        (Debian: apt-get install libsystemd-dev)
 * Run:   ./pick-sd-bus
 */
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>

#define SERVICE "io.github.timepickerd.TimePicker1"   /* the name on the bus */
#define PATH "/io/github/timepickerd/TimePicker1"     /* the object that makes pickers */
#define INTERFACE "io.github.timepickerd.TimePicker1"

int main(void) {
    sd_bus *bus = NULL;
    sd_bus_message *answer = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    const char *start, *end;
    int status = 0;

    int r = sd_bus_open_user(&bus); /* the session bus */
    if (r < 0) {
        fprintf(stderr, "Cannot connect to the session bus: %s\n", strerror(-r));
        return 2;
    }
    /* The answer comes when the person has chosen: wait up to 5 minutes, not 25 seconds. */
    sd_bus_set_method_call_timeout(bus, 300 * 1000000ULL);

    /* The one argument is an a{sv}: options by name, each value with its own type. Here
     * 2 of them: title, a string (s), and min_duration, an unsigned number (u). */
    r = sd_bus_call_method(bus, SERVICE, PATH, INTERFACE, "PickTimeRange", &error, &answer,
                           "a{sv}", 2,
                           "title", "s", "Review",
                           "min_duration", "u", 30);
    if (r < 0) {
        if (sd_bus_error_has_name(&error, "io.github.timepickerd.TimePicker1.Error.Cancelled")) {
            fprintf(stderr, "No time range chosen: %s\n", error.message); /* user, timeout, ... */
            status = 1;
        } else {
            fprintf(stderr, "The time picker failed: %s\n", error.message);
            status = 2;
        }
    } else if (sd_bus_message_read(answer, "ss", &start, &end) >= 0) {
        /* Local wall-clock HH:MM, 24-hour; 24:00 is the end of the day. */
        printf("Review: from %s to %s\n", start, end);
    } else {
        fprintf(stderr, "The time picker answered something unexpected\n");
        status = 2;
    }

    sd_bus_error_free(&error);
    sd_bus_message_unref(answer);
    sd_bus_flush_close_unref(bus);
    return status;
}
