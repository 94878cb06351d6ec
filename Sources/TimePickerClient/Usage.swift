internal import Localization
internal import TimePickerContract
internal import TerminalUI

/// The help texts, one per command, in the person's language: each paragraph and each
/// option's description is one message (po/POTFILES lists this file), laid out here in
/// columns and wrapped at 79 columns by display width, so that a translation of any length
/// keeps the layout. Command lines, option names and examples stay as typed.
enum Usage {
    /// The text `--help` prints for `topic`.
    static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .general: general
        case .pick: pick
        case .monitor: monitor
        case .status: status
        }
    }

    /// `message` in the person's language (the extraction's keyword).
    private static func tr(_ message: String) -> String { ClientText.language.text(message) }

    /// `timepickerctl --help`: the commands.
    static var general: String {
        HelpLayout.text([
            .usage(["timepickerctl COMMAND [OPTIONS]", "timepickerctl --help | --version"]),
            // TRANSLATORS: %s is the service's bus name.
            .paragraph(filled(tr("Asks the timepickerd service (%s on the session bus) for a start-and-end time range, and watches the outcomes of its pickers."), TimePickerBus.name.rawValue)),
            // TRANSLATORS: a heading in timepickerctl --help, above the commands.
            .heading(tr("Commands:")),
            .rows(indent: 2, [
                // TRANSLATORS: the pick command's description; keep the example as it is.
                ("pick", tr("show a time picker and print the chosen range, such as \"09:00 17:00\"")),
                ("monitor", tr("print every picker outcome on the bus as it happens")),
                ("status", tr("show the service's version, user interface and open sessions")),
            ]),
            // TRANSLATORS: keep 'timepickerctl COMMAND --help' as it is.
            .paragraph(tr("'timepickerctl COMMAND --help' describes a command's options.")),
            .rows(indent: 2, [
                ("-h, --help", tr("print this help and exit (anywhere on the line)")),
                ("-V, --version", tr("print the version and exit (anywhere on the line)")),
            ]),
            // TRANSLATORS: before a shell command that shows how to use timepickerctl.
            .heading(tr("Example:")),
            .code("read -r start end < <(timepickerctl pick --title Meeting); wait $! || exit"),
            // TRANSLATORS: timepickerctl(1) and io.github.timepickerd.TimePicker1(5) are manual pages.
            .paragraph(tr("See timepickerctl(1), and io.github.timepickerd.TimePicker1(5) for the D-Bus interface.")),
        ])
    }

    /// `timepickerctl pick --help`: the options, the times, the exit statuses.
    static var pick: String {
        HelpLayout.text([
            .usage(["timepickerctl pick [OPTIONS]"]),
            // TRANSLATORS: keep "09:00 17:00" and 24:00 as they are.
            .paragraph(tr("Shows a start-and-end time picker and prints the chosen range on stdout: \"09:00 17:00\" (local wall-clock HH:MM, 24-hour; 24:00 is the end of the day). The picker appears in the terminal, below the cursor: stdin's, or the controlling terminal when stdin is not one; with neither, wherever the service shows pickers. The service is started by D-Bus activation when it is not running. With no session bus at all (over SSH, in a container), the client shows the same picker in the terminal itself.")),
            .rows(indent: 2, [
                // TRANSLATORS: the option name and its value's name (TEXT) stay as they are.
                ("--title TEXT", filled(tr("the header (default \"%s\")"), PickerWords(ClientText.language).defaultTitle)),
                // TRANSLATORS: 1440 is the number of minutes in a day.
                ("--step MIN", tr("minutes between slots; must divide 1440 (default 60)")),
                ("--first TIME", tr("the first slot (default 01:00)")),
                ("--last TIME", tr("the last slot (default 24:00)")),
                // TRANSLATORS: keep 'now' as it is: it is what the option accepts.
                ("--start TIME", tr("the initially selected start, or 'now' for the first slot at or after the present time (default: the first slot)")),
                ("--end TIME", tr("the initially selected end (default: the slot after the start)")),
                ("--min-duration MIN", tr("minutes the end must lie after the start (default 0)")),
                ("--timeout SEC", tr("give up after SEC seconds (default 0: wait for ever)")),
                ("--timeout-extensions N", tr("let the person extend the timeout N times (default 0)")),
                ("--clock 12h|24h", tr("how the labels read (default: your locale's clock)")),
                // TRANSLATORS: keep 22:00 and 06:00 as they are.
                ("--overnight", tr("the end may fall on the next day, up to a day after the start: a night shift from 22:00 to 06:00")),
                // TRANSLATORS: keep YYYY-MM-DD, 'today' and 'tomorrow' as they are: they are what the option accepts.
                ("--date DATE", tr("the day the range starts on: YYYY-MM-DD, 'today' or 'tomorrow' in the range's time zone; the picker shows the day, and its times follow that day's clock changes")),
                // TRANSLATORS: keep Europe/Berlin, TZ, /etc/localtime and 'now' as they are.
                ("--time-zone ZONE", tr("the time zone of the range's times and of 'now', such as Europe/Berlin (default: yours, from TZ or /etc/localtime)")),
                // TRANSLATORS: keep hm, iso8601, epoch, the times, T00:00 and --date as they are.
                ("--format FORMAT", tr("how the range is printed: hm, \"22:00 06:00\" (the default); iso8601, \"2026-03-28T22:00:00+01:00 2026-03-29T06:00:00+02:00\", where 24:00 is the next day's T00:00; epoch, the two instants in seconds since 1970. iso8601 and epoch need a day: today's unless --date names another")),
                // TRANSLATORS: keep the JSON keys (start, end, next_day, duration, date, start_time, end_time, time_zone) as they are.
                ("--json", tr("print a JSON object instead: start and end as HH:MM, next_day, duration in seconds and, with a day, date, start_time and end_time in ISO 8601, and time_zone")),
                // TRANSLATORS: 'dialog', 'notification' and 'terminal' are the option's values: keep them as they are.
                ("--ui UI", tr("show the picker in the service's 'dialog' (a window), 'notification' or 'terminal' (the one timepickerd runs in) instead of this terminal; exit 2 when it cannot be shown there")),
                ("--no-terminal", tr("do not show the picker in a terminal; leave it to the service")),
                ("-v, --verbose", tr("say on stderr when the picker is shown without the service")),
            ] + helpAndVersion),
            // TRANSLATORS: the times and words in it are what timepickerctl accepts: keep them as they are.
            .paragraph(tr("A TIME is written 17:00, 9:30, 930, 9am, 5:30pm, noon or midnight, which ends the day when it ends the range. In the picker, type a time to jump to it: 930, 5p, 1230a.")),
            // TRANSLATORS: a heading in timepickerctl pick --help, above the exit statuses.
            .heading(tr("Exit status:")),
            .rows(indent: 2, [
                ("0", tr("a range was chosen, and printed")),
                // TRANSLATORS: Esc, q and Ctrl-C are keys.
                ("1", tr("cancelled: by the person (Esc, q), by Ctrl-C, through the bus, or the service stopped")),
                ("2", tr("a usage error, a service that cannot be reached or refuses the options, or no user interface that can show the picker")),
                ("5", tr("the timeout ran out")),
            ]),
            // TRANSLATORS: the quoted messages are this program's own, as translated here.
            .paragraph(filled(tr("Every status but 0 comes with one line on stderr saying why, such as \"%1$s\" or \"%2$s\". In a script, keep the status through read with wait:"),
                              "timepickerctl: " + ClientText.cancelled, "timepickerctl: " + ClientText.timedOut(seconds: 30))),
            .code("read -r start end < <(timepickerctl pick); wait $!; status=$?"),
            .paragraph(tr("See timepickerctl(1).")),
        ])
    }

    /// `timepickerctl monitor --help`.
    static var monitor: String {
        HelpLayout.text([
            .usage(["timepickerctl monitor [--verbose]"]),
            .paragraph(tr("Prints each picker outcome on the session bus as it happens, until interrupted, in two lines (what an application subscribing to the signals sees): the session's Response, the whole answer, with its results as key=value (cut in two here), then its Selected or Cancelled:")),
            .code(
                "/io/github/timepickerd/TimePicker1/session/1_42/standup Response 0\n    start=09:00 end=17:00 next_day=false duration=28800\n"
                    + "/io/github/timepickerd/TimePicker1/session/1_42/standup Selected 09:00 17:00"),
            .paragraph(tr("The service need not be running: outcomes appear once it is.")),
            .rows(indent: 2, [
                ("-v, --verbose", tr("say on stderr when listening has begun")),
            ] + helpAndVersion),
        ])
    }

    /// `timepickerctl status --help`.
    static var status: String {
        HelpLayout.text([
            .usage(["timepickerctl status"]),
            .paragraph(tr("Shows the running service's version, user interface and bus name owner, and its open sessions, one line each: path, start, end, title. Does not start the service; exit status 2 when it is not running.")),
            .rows(indent: 2, helpAndVersion),
        ])
    }

    /// The rows every command's help ends its options with.
    private static var helpAndVersion: [(String, String)] {
        [("-h, --help", tr("print this help and exit")), ("-V, --version", tr("print the version and exit"))]
    }

    /// "Usage:", translated, before the command lines.
    static var usageWord: String {
        // TRANSLATORS: before the command line a program takes, as in "Usage: timepickerctl COMMAND".
        tr("Usage:")
    }
}
