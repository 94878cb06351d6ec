internal import CommandLineOptions
internal import DBusKit
internal import TimePickerContract

/// The command line of `timepickerd`, parsed by hand (no packages beyond the toolchain).
struct DaemonArguments: Equatable, Sendable {
    /// Which user interface shows the pickers.
    enum UserInterface: String, CaseIterable, Sendable {
        case auto, dialog, notification, terminal
    }

    var userInterface = UserInterface.auto
    /// The bus name of the dialog backend.
    var dialogBackend = DialogBackendBus.gtkName
    /// The notification layout, when not chosen by the server's name.
    var notificationLayout: String?
    var replace = false
    var verbose = false
    var showVersion = false
    var showHelp = false

    /// A command line that cannot be understood; the message says why in one line.
    typealias UsageError = OptionArguments.UsageError

    static let usage = """
        Usage: timepickerd [--ui auto|dialog|notification|terminal] [--dialog-backend NAME]
                           [--notification-layout stepper|list] [--replace] [--verbose]
                           [--version] [--help]

        Serves io.github.timepickerd.TimePicker1 on the session bus: other programs ask it to show a
        start-and-end time picker and receive the outcome as D-Bus signals.

          --ui UI      where pickers appear when a caller does not say: 'dialog' (a window,
                       drawn by the dialog backend), 'notification' (desktop notifications),
                       'terminal' (this terminal), or 'auto' (this terminal when stdin and
                       stdout are one, else a dialog when a backend is on the bus or can be
                       started, else notifications; a dialog that cannot be shown becomes a
                       notification); default auto
          --dialog-backend NAME
                       the bus name of the dialog backend; default io.github.timepickerd.Gtk
                       (timepickerd-gtk)
          --notification-layout LAYOUT
                       'stepper' (Earlier and Later buttons; a click on the body for Next,
                       then OK) or 'list' (a menu of times, hour by hour past 48); default:
                       list for dunst and mako, which show actions as a menu, stepper for
                       other servers
          --replace    take the bus name over from a running instance
          --verbose    log debugging detail
          --version    print the version and exit
          --help       print this help and exit

        See timepickerd(1), and io.github.timepickerd.TimePicker1(5) for the D-Bus interface.
        """

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        var options = OptionArguments(arguments)
        while let (argument, name, inlineValue) = options.next() {
            switch name {
            case "--ui":
                let choices = "auto, dialog, notification or terminal"
                let value = try options.value(of: name, after: inlineValue, needing: "a value: \(choices)")
                guard let choice = UserInterface(rawValue: value) else {
                    throw UsageError(message: "option '--ui' must be \(choices), not '\(value)'")
                }
                userInterface = choice
            case "--dialog-backend":
                let value = try options.value(of: name, after: inlineValue, needing: "a bus name, such as io.github.timepickerd.Gtk")
                guard let name = BusName(value), !name.isUnique else {
                    throw UsageError(message: "option '--dialog-backend' must be a well-known bus name such as io.github.timepickerd.Gtk, not '\(value)'")
                }
                dialogBackend = name
            case "--notification-layout":
                let value = try options.value(of: name, after: inlineValue, needing: "a value: stepper or list")
                guard ["stepper", "list"].contains(value) else {
                    throw UsageError(message: "option '--notification-layout' must be stepper or list, not '\(value)'")
                }
                notificationLayout = value
            case "--replace": try OptionArguments.flag(name, inlineValue); replace = true
            case "--verbose", "-v": try OptionArguments.flag(name, inlineValue); verbose = true
            case "--version": try OptionArguments.flag(name, inlineValue); showVersion = true
            case "--help", "-h": try OptionArguments.flag(name, inlineValue); showHelp = true
            default:
                throw OptionArguments.unexpected(argument)
            }
        }
    }
}
