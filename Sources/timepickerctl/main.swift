import Glibc
import Localization
import TimePickerClient
import TimePickerCore

// The person's language for every message, and for the picker drawn without a service.
Catalogs.bind()

// The executable only dispatches: parsing, the commands and their output live in TimePickerClient.
let command: ClientCommand
do {
    command = try ClientCommand(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    Console.usageError(error.message, topic: error.topic)
    exit(ExitStatus.failure)
}

switch command {
case .help(let topic):
    Console.out(Usage.text(for: topic) + "\n")
    exit(ExitStatus.success)
case .version:
    Console.out("timepickerctl \(TimePickerVersion.current)\n")
    exit(ExitStatus.success)
case .pick(let options):
    exit(PickCommand(options: options).run())
case .monitor(let options):
    exit(MonitorCommand(options: options).run())
case .status:
    exit(StatusCommand().run())
}
