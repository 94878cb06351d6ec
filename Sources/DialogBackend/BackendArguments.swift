package import CommandLineOptions

/// How a dialog backend runs: what its command line chose.
package struct BackendConfiguration: Equatable, Sendable {
    /// Log a line per call, event and dialog.
    package var verbose = false
    /// Seconds to stay after the last dialog closed, and after start without a call.
    package var idleTimeoutSeconds: UInt32 = 30

    package init() {}
}

/// The command line of a dialog backend, parsed by hand (no packages beyond the toolchain):
/// every toolkit's backend takes the same options, and says in its help what it is.
package struct BackendArguments: Equatable, Sendable {
    package var configuration = BackendConfiguration()
    package var showVersion = false
    package var showHelp = false

    /// A command line that cannot be understood; the message says why in one line.
    package typealias UsageError = OptionArguments.UsageError

    /// The longest idle timeout: a day.
    static let maximumIdleTimeoutSeconds: UInt32 = 86_400

    /// The help of `program`, with `description` (what it is, lines already wrapped) between
    /// the synopsis and the options.
    package static func usage(program: String, description: String) -> String {
        """
        Usage: \(program) [--idle-timeout SECONDS] [--verbose] [--version] [--help]

        \(description)

          --idle-timeout SECONDS
                       exit this long after the last dialog closed; default 30
          --verbose    log every call, event and dialog
          --version    print the version and exit
          --help       print this help and exit
        """
    }

    /// Parses `arguments` (without the program name).
    package init(parsing arguments: [String]) throws(UsageError) {
        var options = OptionArguments(arguments)
        while let (argument, name, inlineValue) = options.next() {
            switch name {
            case "--idle-timeout":
                let value = try options.value(of: name, after: inlineValue, needing: "a number of seconds")
                guard let seconds = UInt32(value), seconds <= Self.maximumIdleTimeoutSeconds else {
                    throw UsageError(
                        message: "option '--idle-timeout' must be a whole number of seconds up to \(Self.maximumIdleTimeoutSeconds), not '\(value)'")
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
