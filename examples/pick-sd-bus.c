/* Asks timepickerd for a time range from C, with sd-bus (systemd's D-Bus library).
 *
 * D-Bus in brief: programs on your session bus own names, under those names they have
 * objects (paths), and objects have interfaces with methods and signals. timepickerd owns
 * io.github.timepickerd.TimePicker1, and the bus starts it on the first call. Its method
 * PickTimeRange shows a picker and answers only once the person has chosen: with the two
 * times, or with an error whose message says why there are none.
 *
 * Who answers matters: on a bus that other Unix users can reach too, a process of theirs may
 * own the name while your service is not running. So this program asks the bus which
 * connection owns the name and whose it is, and then calls that connection alone, by its
 * unique name (":1.42"), which is never reused.
 *
 * Build: cc pick-sd-bus.c -o pick-sd-bus $(pkg-config --cflags --libs libsystemd)
 *        (Debian: apt-get install libsystemd-dev)
 * Run:   ./pick-sd-bus
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <systemd/sd-bus.h>

#define SERVICE "io.github.timepickerd.TimePicker1"   /* the name on the bus */
#define PATH "/io/github/timepickerd/TimePicker1"     /* the object that makes pickers */
#define INTERFACE "io.github.timepickerd.TimePicker1"

/* Calls the bus itself (org.freedesktop.DBus) with one string argument. */
static int ask_bus(sd_bus *bus, const char *method, const char *argument, sd_bus_error *error, sd_bus_message **reply) {
    return sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                              method, error, reply, "s", argument);
}

/* Whether TIME has the form of the service's times: HH:MM, 24-hour, 24:00 at the end of the day. */
static int is_time(const char *time) {
    if (strlen(time) != 5 || time[2] != ':') return 0;
    for (int i = 0; i < 5; i++)
        if (i != 2 && (time[i] < '0' || time[i] > '9')) return 0;
    int hours = (time[0] - '0') * 10 + (time[1] - '0'), minutes = (time[3] - '0') * 10 + (time[4] - '0');
    return (hours < 24 && minutes < 60) || (hours == 24 && minutes == 0);
}

int main(void) {
    sd_bus *bus = NULL;
    sd_bus_message *answer = NULL, *reply = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    const char *owner_name, *start, *end;
    char owner[256];
    uint32_t uid;
    int status = 0;

    int r = sd_bus_open_user(&bus); /* the session bus */
    if (r < 0) {
        fprintf(stderr, "Cannot connect to the session bus: %s\n", strerror(-r));
        return 2;
    }

    /* The unique name of your own time picker service, started by the bus if need be. */
    if (ask_bus(bus, "GetNameOwner", SERVICE, &error, &reply) < 0) {
        sd_bus_error_free(&error);
        r = sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "StartServiceByName", &error, NULL, "su", SERVICE, 0);
        if (r >= 0) r = ask_bus(bus, "GetNameOwner", SERVICE, &error, &reply);
        if (r < 0) {
            fprintf(stderr, "Cannot use the time picker: %s\n", error.message);
            status = 2;
            goto done;
        }
    }
    if (sd_bus_message_read(reply, "s", &owner_name) < 0 || strlen(owner_name) >= sizeof owner) {
        fprintf(stderr, "Cannot use the time picker: the bus named no owner\n");
        status = 2;
        goto done;
    }
    strcpy(owner, owner_name);
    reply = sd_bus_message_unref(reply);
    if (ask_bus(bus, "GetConnectionUnixUser", owner, &error, &reply) < 0 || sd_bus_message_read(reply, "u", &uid) < 0) {
        fprintf(stderr, "Cannot use the time picker: the bus cannot say whose %s is\n", owner);
        status = 2;
        goto done;
    }
    if (uid != getuid()) {
        fprintf(stderr, "Cannot use the time picker: " SERVICE " is owned by another user's process (uid %u)\n", uid);
        status = 2;
        goto done;
    }

    /* The answer comes when the person has chosen: wait up to 5 minutes, not 25 seconds. */
    sd_bus_set_method_call_timeout(bus, 300 * 1000000ULL);

    /* The one argument is an a{sv}: options by name, each value with its own type. Here
     * 2 of them: title, a string (s), and min_duration, an unsigned number (u). */
    r = sd_bus_call_method(bus, owner, PATH, INTERFACE, "PickTimeRange", &error, &answer,
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
    } else if (sd_bus_message_read(answer, "ss", &start, &end) >= 0 && is_time(start) && is_time(end)) {
        /* Local wall-clock HH:MM, 24-hour; 24:00 is the end of the day. */
        printf("Review: from %s to %s\n", start, end);
    } else {
        fprintf(stderr, "The time picker answered something that is not a time range\n");
        status = 2;
    }

done:
    sd_bus_error_free(&error);
    sd_bus_message_unref(reply);
    sd_bus_message_unref(answer);
    sd_bus_flush_close_unref(bus);
    return status;
}
