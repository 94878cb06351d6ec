import CommandLineOptions
import GtkDialogBackend

/// The command line of `timepickerd-gtk`, parsed by hand (no packages beyond the toolchain).
struct Arguments {
    var configuration = BackendConfiguration()
    var showVersion = false
    var showHelp = false

    /// A command line that cannot be understood; the message says why in one line.
    typealias UsageError = OptionArguments.UsageError

    static let usage = """
        Usage: timepickerd-gtk [--idle-timeout SECONDS] [--verbose] [--version] [--help]

        The GTK 4 dialog backend of timepickerd: owns io.github.timepickerd.Gtk on the session bus
        and shows time pickers as dialog windows for the daemon, through the interface
        io.github.timepickerd.impl.TimePicker1. Usually started by D-Bus activation.

          --idle-timeout SECONDS
                       exit this long after the last dialog closed; default 30
          --verbose    log every call, event and dialog
          --version    print the version and exit
          --help       print this help and exit
        """

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        var options = OptionArguments(arguments)
        while let (argument, name, inlineValue) = options.next() {
            switch name {
            case "--idle-timeout":
                let value = try options.value(of: name, after: inlineValue, needing: "a number of seconds")
                guard let seconds = UInt32(value), seconds <= 86_400 else {
                    throw UsageError(message: "option '--idle-timeout' must be a whole number of seconds up to 86400, not '\(value)'")
                }
                configuration.idleTimeoutSeconds = seconds
            case "--verbose", "-v": try OptionArguments.flag(name, inlineValue); configuration.verbose = true
            case "--version": try OptionArguments.flag(name, inlineValue); showVersion = true
            case "--help", "-h": try OptionArguments.flag(name, inlineValue); showHelp = true
            default:
                throw OptionArguments.unexpected(argument)
            }
        }
    }
}
