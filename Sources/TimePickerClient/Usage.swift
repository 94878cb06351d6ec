/// The help texts, one per command.
public enum Usage {
    /// The text `--help` prints for `topic`.
    public static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .general: general
        case .pick: pick
        case .monitor: monitor
        case .status: status
        }
    }

    static let general = """
        Usage: timepickerctl COMMAND [OPTIONS]
               timepickerctl --help | --version

        Asks the timepickerd service (io.github.timepickerd.TimePicker1 on the session bus) for a
        start-and-end time range, and watches the outcomes of its pickers.

        Commands:
          pick      show a time picker and print the chosen range, such as "09:00 17:00"
          monitor   print every picker outcome on the bus as it happens
          status    show the service's version, user interface and open sessions

        'timepickerctl COMMAND --help' describes a command's options.

          -h, --help       print this help and exit (anywhere on the line)
          -V, --version    print the version and exit (anywhere on the line)

        Example: read -r start end < <(timepickerctl pick --title "Meeting"); wait $! || exit

        See timepickerctl(1), and io.github.timepickerd.TimePicker1(5) for the D-Bus interface.
        """

    static let pick = """
        Usage: timepickerctl pick [OPTIONS]

        Shows a start-and-end time picker and prints the chosen range on stdout: "09:00 17:00"
        (local wall-clock HH:MM, 24-hour; 24:00 is the end of the day). The picker appears in
        the terminal, below the cursor: stdin's, or the controlling terminal when stdin is not
        one; with neither, wherever the service shows pickers. The service is started by D-Bus
        activation when it is not running. With no session bus at all (over SSH, in a
        container), the client shows the same picker in the terminal itself.

          --title TEXT         the header (default "Select start and end time")
          --step MIN           minutes between slots; must divide 1440 (default 60)
          --first TIME         the first slot (default 01:00)
          --last TIME          the last slot (default 24:00)
          --start TIME         the initially selected start, or 'now' for the first slot at or
                               after the present time (default: the first slot)
          --end TIME           the initially selected end (default: the slot after the start)
          --min-duration MIN   minutes the end must lie after the start (default 0)
          --timeout SEC        give up after SEC seconds (default 0: wait for ever)
          --clock 12h|24h      how the labels read (default: the service's locale)
          --json               print {"start":"09:00","end":"17:00"} instead
          --ui UI              show the picker in the service's 'dialog' (a window),
                               'notification' or 'terminal' (the one timepickerd runs in)
                               instead of this terminal; exit 2 when it cannot be shown there
          --no-terminal        do not show the picker in a terminal; leave it to the service
          -v, --verbose        say on stderr when the picker is shown without the service
          -h, --help           print this help and exit
          -V, --version        print the version and exit

        A TIME is written 17:00, 9:30, 930, 9am, 5:30pm, noon or midnight, which ends the day
        when it ends the range. In the picker, type a time to jump to it: 930, 5p, 1230a.

        Exit status:
          0   a range was chosen, and printed
          1   cancelled: by the person (Esc, q), by Ctrl-C, through the bus, or the service stopped
          2   a usage error, a service that cannot be reached or refuses the options, or no user
              interface that can show the picker
          5   the timeout ran out
        Every status but 0 comes with one line on stderr saying why, such as "timepickerctl:
        cancelled" or "timepickerctl: timed out after 30 s". In a script, keep the status
        through read with wait:

          read -r start end < <(timepickerctl pick); wait $!; status=$?

        See timepickerctl(1).
        """

    static let monitor = """
        Usage: timepickerctl monitor [--verbose]

        Prints each picker outcome on the session bus as it happens, one line each, until
        interrupted (what an application subscribing to the signals sees):

          /io/github/timepickerd/TimePicker1/session/1_42/standup Selected 09:00 17:00
          /io/github/timepickerd/TimePicker1/session/1_43/lunch Cancelled user

        The service need not be running: outcomes appear once it is.

          -v, --verbose    say on stderr when listening has begun
          -h, --help       print this help and exit
          -V, --version    print the version and exit
        """

    static let status = """
        Usage: timepickerctl status

        Shows the running service's version, user interface and bus name owner, and its open
        sessions, one line each: path, start, end, title. Does not start the service; exit
        status 2 when it is not running.

          -h, --help       print this help and exit
          -V, --version    print the version and exit
        """
}
