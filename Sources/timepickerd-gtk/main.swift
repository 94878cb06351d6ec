import GtkDialogBackend
import Glibc
import TimePickerCore
internal import SystemKit

/// Prints `message` to stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    StandardStream.error.write("timepickerd-gtk: \(message)\n")
    exit(status)
}

let arguments: Arguments
do {
    arguments = try Arguments(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.message)\nTry 'timepickerd-gtk --help'.", status: 2)
}
if arguments.showHelp {
    print(Arguments.usage)
    exit(0)
}
if arguments.showVersion {
    print("timepickerd-gtk \(TimePickerVersion.current)")
    exit(0)
}
exit(runBackend(arguments.configuration))
