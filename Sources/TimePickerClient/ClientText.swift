internal import Localization

/// Every message `timepickerctl` writes for a person, in the person's language (the locale of
/// its environment, the one it also sends the service with each pick): written here once, each
/// through gettext (po/POTFILES lists this file; `scripts/extract-messages.sh` reads its `tr`
/// and `trn` calls). Placeholders are C's `%s` and `%1$s`, checked by `msgfmt --check`.
///
/// Not translated: option and command names, the times and JSON a script reads, `monitor`'s
/// lines, `status`'s labels, and the service's own error messages (English on the bus, as
/// other services' are).
enum ClientText {
    /// The person's language: LC_ALL, LC_MESSAGES or LANG of the environment.
    static let language = Language.environment

    /// `message` in the person's language (the extraction's keyword).
    private static func tr(_ message: String) -> String { language.text(message) }

    // MARK: The command line

    static var noCommand: String {
        // TRANSLATORS: pick, monitor and status are command names: keep them as they are.
        tr("no command given: pick, monitor or status")
    }

    static func noHelp(on topic: String) -> String {
        // TRANSLATORS: %s is what was typed after "help"; pick, monitor and status are command names.
        filled(tr("no help on '%s': pick, monitor or status"), topic)
    }

    static func unknownOption(_ name: String) -> String { filled(tr("unknown option '%s'"), name) }

    static func unknownCommand(_ name: String) -> String { filled(tr("unknown command '%s'"), name) }

    static func unexpectedArgument(_ argument: String) -> String { filled(tr("unexpected argument '%s'"), argument) }

    static func needsValue(_ option: String) -> String { filled(tr("option '%s' needs a value"), option) }

    static func takesNoValue(_ option: String) -> String { filled(tr("option '%s' takes no value"), option) }

    static func needsTime(_ option: String, typed: String, allowingNow: Bool) -> String {
        allowingNow
            // TRANSLATORS: %1$s is an option (--start), %2$s what was typed. The examples are what the option accepts: keep "9am", "5:30pm", "noon", "midnight" and "now" as they are.
            ? filled(tr("option '%1$s' needs a time such as 9:30, 17:00, 9am, 5:30pm, noon or midnight, or now, not '%2$s'"), option, typed)
            // TRANSLATORS: %1$s is an option (--end), %2$s what was typed. The examples are what the option accepts: keep "9am", "5:30pm", "noon" and "midnight" as they are.
            : filled(tr("option '%1$s' needs a time such as 9:30, 17:00, 9am, 5:30pm, noon or midnight, not '%2$s'"), option, typed)
    }

    static func needsNumber(_ option: String, typed: String, largest: UInt32) -> String {
        // TRANSLATORS: %1$s is an option (--step), %2$s the largest number allowed, %3$s what was typed.
        filled(tr("option '%1$s' needs a whole number from 0 to %2$s, not '%3$s'"), option, String(largest), typed)
    }

    static func needsDate(_ option: String, typed: String) -> String {
        // TRANSLATORS: %1$s is an option (--date), %2$s what was typed. YYYY-MM-DD is the form of a date (2026-03-28); keep "today" and "tomorrow" as they are: they are what the option accepts.
        filled(tr("option '%1$s' needs a date as YYYY-MM-DD (from 1970 to 2099), today or tomorrow, not '%2$s'"), option, typed)
    }

    static var dateOutsideCalendar: String {
        // TRANSLATORS: --date is an option: keep it as it is.
        tr("option '--date': that day is past 2099, the last year a range may be on")
    }

    static func needsTimeZone(_ option: String, typed: String) -> String {
        // TRANSLATORS: %1$s is an option (--time-zone), %2$s what was typed. Keep Europe/Berlin and UTC as they are: they are zone names.
        filled(tr("option '%1$s' needs a time zone of the system's zone database, such as Europe/Berlin or UTC, not '%2$s'"), option, typed)
    }

    static func needsFormat(_ option: String, typed: String) -> String {
        // TRANSLATORS: %1$s is an option (--format), %2$s what was typed. Keep hm, iso8601 and epoch as they are: they are what the option accepts.
        filled(tr("option '%1$s' needs hm, iso8601 or epoch, not '%2$s'"), option, typed)
    }

    static func didYouMean(_ candidate: String) -> String {
        // TRANSLATORS: follows an error about an option or command; %s is the one nearest to what was typed.
        filled(tr("; did you mean %s?"), candidate)
    }

    static func tryHelp(_ command: String) -> String {
        // TRANSLATORS: %s is a command line such as "timepickerctl pick --help".
        filled(tr("Try '%s'."), command)
    }

    // MARK: How a pick ended

    static var interrupted: String { tr("interrupted") }
    static var cancelled: String {
        // TRANSLATORS: the person cancelled the picker.
        tr("cancelled")
    }
    static func timedOut(seconds: UInt32) -> String {
        // TRANSLATORS: %s is a number of seconds; "s" is the abbreviation of seconds.
        filled(tr("timed out after %s s"), String(seconds))
    }
    static var cancelledByCaller: String {
        // TRANSLATORS: Cancel is the name of a D-Bus method: keep it as it is.
        tr("cancelled through the bus (the session's Cancel method)")
    }
    static var serviceStoppedCancelling: String { tr("the time picker service stopped, cancelling the picker") }
    static var noUserInterface: String { tr("no user interface can show the picker") }
    static func cancelled(reason: String) -> String {
        // TRANSLATORS: %s is a reason the service gave, a word this client does not know.
        filled(tr("cancelled (%s)"), reason)
    }
    static var cannotWriteRange: String { tr("cannot write the chosen range to stdout") }
    static var cannotWriteStdout: String { tr("cannot write to stdout") }
    static func cannotWriteStdout(_ why: String) -> String { filled(tr("cannot write to stdout: %s"), why) }

    // MARK: The bus and the service

    static func cannotConnect(_ why: String) -> String { filled(tr("cannot connect to the session bus: %s"), why) }
    static func cannotStartService(_ why: String) -> String { filled(tr("cannot start the time picker service: %s"), why) }
    static func cannotReachService(_ why: String) -> String { filled(tr("cannot reach the time picker service: %s"), why) }
    static func serviceNotRunning(_ name: String) -> String {
        // TRANSLATORS: %s is the service's bus name.
        filled(tr("the time picker service (%s) is not running"), name)
    }
    static var serviceStopped: String { tr("the time picker service stopped") }
    static func unknownOwnerUser(of name: String, owner: String, _ why: String) -> String {
        // TRANSLATORS: %1$s is the service's bus name, %2$s its owner's unique name (:1.42), %3$s why.
        filled(tr("cannot tell whose process owns %1$s (%2$s): %3$s"), name, owner, why)
    }
    static func ownedByAnotherUser(_ name: String, user: UInt32, owner: String) -> String {
        // TRANSLATORS: %1$s is the service's bus name, %2$s a user id, %3$s the owner's unique name (:1.42).
        filled(tr("%1$s is owned by a process of another user (uid %2$s, %3$s), not by your time picker service: it is not trusted with your terminal or your answer"),
               name, String(user), owner)
    }
    static func cannotWatchSignals(_ why: String) -> String { filled(tr("cannot watch signals: %s"), why) }
    static var lostBus: String { tr("lost the connection to the session bus") }
    static var endedWithoutOutcome: String { tr("the pick ended without an outcome") }
    static func noRange(_ answer: String?) -> String {
        // TRANSLATORS: %s is what the service answered, or "nothing".
        filled(tr("the time picker service answered with no range of two HH:MM times: %s"), answer ?? tr("nothing"))
    }
    static var serviceTooOld: String {
        // TRANSLATORS: --no-terminal is an option: keep it as it is.
        tr("the time picker service cannot show pickers in the caller's terminal (it is older than this client); use --no-terminal")
    }
    static func serviceDoesNotKnow(_ option: String) -> String {
        // TRANSLATORS: %s is an option of timepickerctl pick (--overnight, --date, --time-zone, --format).
        filled(tr("the time picker service cannot take %s (it is older than this client)"), option)
    }
    static var serviceSaidNoInstants: String {
        // TRANSLATORS: --format is an option and hm its value: keep them as they are.
        tr("the time picker service did not say the chosen range's date and UTC offsets (it is older than this client); use --format hm")
    }
    static func zoneMissingInService(_ zone: String) -> String {
        // TRANSLATORS: %s is the person's time zone, such as Europe/Berlin, which the service's system does not have.
        filled(tr("the time picker service has no time zone '%s': the picker's times are in the service's zone"), zone)
    }
    static func terminalRefused(_ why: String) -> String { filled(tr("the time picker service refused this terminal: %s"), why) }
    static func localeMissingInService(_ locale: String) -> String {
        // TRANSLATORS: %s is the person's locale, such as de_DE.UTF-8, which the service's system does not have.
        filled(tr("the time picker service has no locale '%s': the picker is shown in the service's language"), locale)
    }

    // MARK: Where the picker is shown

    static var shownByService: String {
        // TRANSLATORS: follows "stdin is not a terminal and there is no controlling terminal:".
        tr("the picker appears wherever the service shows pickers")
    }
    static func noTerminal(_ elsewhere: String) -> String {
        filled(tr("stdin is not a terminal and there is no controlling terminal: %s"), elsewhere)
    }
    static func userInterfaceNeedsBus(_ userInterface: String, _ why: String) -> String {
        // TRANSLATORS: --ui is an option and %1$s its value (dialog, notification, terminal); %2$s says why there is no bus.
        filled(tr("--ui %1$s needs the time picker service, which is reached through the session bus: %2$s"), userInterface, why)
    }
    static func noTerminalOptionNeedsBus(_ why: String) -> String {
        // TRANSLATORS: --no-terminal is an option: keep it as it is; %s says why there is no bus.
        filled(tr("--no-terminal leaves the picker to the time picker service, which is reached through the session bus: %s"), why)
    }
    static func nowhereToShow(_ why: String) -> String {
        filled(tr("no terminal to show the picker in (stdin is not one, and there is no controlling terminal), and no time picker service: %s"), why)
    }
    static func showingWithoutService(_ why: String) -> String {
        filled(tr("no session bus (%s): showing the picker here, without the service"), why)
    }
    static var waitingForForeground: String {
        // TRANSLATORS: fg is the shell's command: keep it as it is.
        tr("waiting for the terminal: this job is in the background (bring it to the foreground with fg)")
    }
    static func cannotUseTerminal(_ why: String) -> String { filled(tr("cannot use the terminal: %s"), why) }
    static func cannotShowOnTerminal(_ why: String) -> String { filled(tr("cannot show the picker on this terminal: %s"), why) }

    // MARK: monitor

    static func cannotListen(_ why: String) -> String { filled(tr("cannot listen on the session bus: %s"), why) }
    static func listening(as name: String) -> String {
        // TRANSLATORS: %s is this client's unique name on the bus (:1.42).
        filled(tr("listening for picker outcomes on the session bus as %s"), name)
    }
    static func ignoringOtherUser(_ sender: String, user: UInt32?) -> String {
        guard let user else {
            // TRANSLATORS: %s is a sender's unique name on the bus (:1.42).
            return filled(tr("ignoring outcomes from %s, whose user the bus could not say"), sender)
        }
        // TRANSLATORS: %1$s is a sender's unique name on the bus (:1.42), %2$s a user id.
        return filled(tr("ignoring outcomes from %1$s, a process of another user (uid %2$s)"), sender, String(user))
    }

    // MARK: status

    static func cannotReadProperties(_ why: String) -> String { filled(tr("cannot read the service's properties: %s"), why) }
    static func cannotListSessions(_ why: String) -> String { filled(tr("cannot list the open sessions: %s"), why) }
}
