# bash completion for timepickerctl(1)                     -*- shell-script -*-
#
# Installed as bash-completion/completions/timepickerctl, which bash-completion loads the first
# time Tab is pressed after "timepickerctl". Completes the commands, each command's options,
# and the values of --clock, --ui, --format, --date, --time-zone and of the time options.

_timepickerctl()
{
    local cur prev words cword split
    _init_completion -s || return

    # The command is the first argument; before it, only --help and --version.
    if ((cword == 1)); then
        COMPREPLY=($(compgen -W 'pick monitor status help --help --version' -- "$cur"))
        return
    fi

    case ${words[1]} in
        pick)
            case $prev in
                --clock)
                    COMPREPLY=($(compgen -W '12h 24h' -- "$cur"))
                    return
                    ;;
                --ui)
                    COMPREPLY=($(compgen -W 'dialog notification terminal' -- "$cur"))
                    return
                    ;;
                --format)
                    COMPREPLY=($(compgen -W 'hm iso8601 epoch' -- "$cur"))
                    return
                    ;;
                --date)
                    # Or any day as YYYY-MM-DD.
                    COMPREPLY=($(compgen -W "today tomorrow $(date +%F 2>/dev/null)" -- "$cur"))
                    return
                    ;;
                --time-zone)
                    # The zone database's names (zones and their links), from tzdata's source.
                    COMPREPLY=($(compgen -W "$(awk '$1 == "Z" { print $2 } $1 == "L" { print $3 }' \
                        "${TZDIR:-/usr/share/zoneinfo}/tzdata.zi" 2>/dev/null)" -- "$cur"))
                    return
                    ;;
                --first | --last | --start | --end)
                    # Whole hours; any HH:MM on the slot grid is accepted.
                    COMPREPLY=($(compgen -W "$(printf '%02d:00 ' {0..24})" -- "$cur"))
                    return
                    ;;
                --title | --step | --min-duration | --timeout | --timeout-extensions)
                    return # a value of the caller's own
                    ;;
            esac
            $split && return
            COMPREPLY=($(compgen -W '--title --step --first --last --start --end --min-duration
                --timeout --timeout-extensions --clock --overnight --date --time-zone --format --ui --json --no-terminal
                --verbose --help --version' -- "$cur"))
            ;;
        monitor)
            COMPREPLY=($(compgen -W '--verbose --help --version' -- "$cur"))
            ;;
        status)
            COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
            ;;
        help)
            ((cword == 2)) && COMPREPLY=($(compgen -W 'pick monitor status' -- "$cur"))
            ;;
    esac
} &&
    complete -F _timepickerctl timepickerctl

# ex: filetype=sh
