# fish completion for timepickerctl(1). Installed as fish/vendor_completions.d/timepickerctl.fish.

set -l commands pick monitor status help

# No file names anywhere.
complete -c timepickerctl -f

# Before the command.
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -a pick -d 'Show a time picker and print the chosen range'
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -a monitor -d 'Print every picker outcome on the bus'
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -a status -d 'Show the service and its open sessions'
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -a help -d 'Describe a command'
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -s h -l help -d 'Print the help and exit'
complete -c timepickerctl -n "not __fish_seen_subcommand_from $commands" -s V -l version -d 'Print the version and exit'

# pick: whole hours for the time options; any HH:MM on the slot grid is accepted.
set -l hours (printf '%02d:00\n' (seq 0 24))
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l title -x -d 'The header'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l step -x -d 'Minutes between slots'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l first -x -a "$hours" -d 'The first slot'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l last -x -a "$hours" -d 'The last slot'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l start -x -a "$hours" -d 'The initially selected start'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l end -x -a "$hours" -d 'The initially selected end'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l min-duration -x -d 'Minutes the end must lie after the start'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l timeout -x -d 'Give up after this many seconds'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l timeout-extensions -x -d 'Let the person extend the timeout this many times'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l clock -x -a '12h 24h' -d 'How the labels read'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l overnight -d 'Let the end fall on the next day'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l date -x -a 'today tomorrow' -d 'The day the range starts on (YYYY-MM-DD)'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l time-zone -x -d 'The time zone of the range' \
    -a "(awk '\$1 == \"Z\" { print \$2 } \$1 == \"L\" { print \$3 }' (set -q TZDIR; and echo \$TZDIR; or echo /usr/share/zoneinfo)/tzdata.zi 2>/dev/null)"
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l format -x -a 'hm iso8601 epoch' -d 'How the range is printed'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l ui -x -a 'dialog notification terminal' -d "Show the picker in the service's user interface"
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l json -d 'Print the range as JSON'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -l no-terminal -d 'Leave the picker to the service'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick" -s v -l verbose -d 'Say when the picker is shown without the service'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick monitor status" -s h -l help -d 'Print the help and exit'
complete -c timepickerctl -n "__fish_seen_subcommand_from pick monitor status" -s V -l version -d 'Print the version and exit'

# monitor
complete -c timepickerctl -n "__fish_seen_subcommand_from monitor" -s v -l verbose -d 'Say on stderr when listening has begun'

# help COMMAND
complete -c timepickerctl -n "__fish_seen_subcommand_from help; and not __fish_seen_subcommand_from pick monitor status" -a 'pick monitor status'
