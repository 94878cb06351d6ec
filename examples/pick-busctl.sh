#!/bin/sh
# Asks timepickerd for a time range with busctl, then uses the two times.
#
# D-Bus in brief: programs on your session bus own names, under those names they have
# objects (paths), and objects have interfaces with methods and signals. timepickerd owns
# the name io.github.timepickerd.TimePicker1 and is started by the bus on the first call.
# busctl (from systemd) calls a method from the shell: --user means the session bus.
#
# PickTimeRange shows a picker and answers only once the person has chosen, so the call
# needs a long timeout. A cancelled picker is an error answer instead.
#
# Run: sh pick-busctl.sh [TITLE]
set -eu

title=${1:-Meeting}

service=io.github.timepickerd.TimePicker1      # the name on the bus
object=/io/github/timepickerd/TimePicker1      # the object that makes pickers
interface=io.github.timepickerd.TimePicker1    # the interface with PickTimeRange

# Who answers matters. On a bus that other Unix users can reach too, a process of theirs may
# own the name while your service is not running; so ask the bus (org.freedesktop.DBus)
# which connection owns it, starting the service first when nobody does, and whose that
# connection is. Then call that connection by its unique name (":1.42"): unique names are
# never reused, so the name changing hands meanwhile cannot redirect the call.
# What busctl cannot do: tell who sent an answer. The bus lets any connection send a reply
# nobody asked for, and busctl takes the first that carries its call's serial: on a bus other
# users can reach, one of them can answer these questions for the bus. There, use
# `timepickerctl pick`, or a library that checks (pick-gio.py shows how with GDBus).
bus() { busctl --user call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus "$@"; }
if ! owner=$(bus GetNameOwner s "$service" 2>/dev/null); then
    bus StartServiceByName su "$service" 0 >/dev/null
    owner=$(bus GetNameOwner s "$service")
fi
owner=$(echo "$owner" | cut -d '"' -f 2)                   # s ":1.42" -> :1.42
uid=$(bus GetConnectionUnixUser s "$owner" | cut -d ' ' -f 2) # u 1000 -> 1000
if [ "$uid" != "$(id -u)" ]; then
    echo "$service is owned by another user's process (uid $uid): not asking it." >&2
    exit 2
fi

# The method takes one argument of type a{sv}: options, by name, each value with its own
# type. Here 2 of them: title (s, a string) and step (u, an unsigned number): half hours.
# busctl prints the answer as its type, then the values:  ss "09:00" "17:30"
# A picker that ends without a range is an error answer whose message is the reason (user,
# timeout, ...); any other error (the service stopped, an option refused) says what failed.
if ! answer=$(busctl --user --timeout=300 call "$owner" "$object" "$interface" \
    PickTimeRange 'a{sv}' 2 title s "$title" step u 30 2>&1); then
    reason=${answer#Call failed: }
    case $reason in
        user | timeout | caller | shutdown) echo "No time range chosen: $reason." >&2; exit 1 ;;
        *) echo "The time picker failed: $reason" >&2; exit 2 ;;
    esac
fi

# Split the answer into its three words and take the quotes off the times.
set -- $answer
start=$(echo "$2" | tr -d '"')
end=$(echo "$3" | tr -d '"')
# Use only what has the form of a time: HH:MM, 24-hour, 24:00 at the end of the day.
for time in "$start" "$end"; do
    case $time in
        [01][0-9]:[0-5][0-9] | 2[0-3]:[0-5][0-9] | 24:00) ;;
        *) echo "The time picker answered something that is not a time." >&2; exit 2 ;;
    esac
done

# Minutes since midnight:
minutes() {
    hours=${1%:*}
    mins=${1#*:}
    # ${x#0} drops a leading zero, which sh arithmetic would take for octal.
    echo $(( ${hours#0} * 60 + ${mins#0} ))
}
duration=$(( $(minutes "$end") - $(minutes "$start") ))

echo "$title: from $start to $end ($duration minutes)"
