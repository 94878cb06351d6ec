internal import Localization
internal import TimePickerCore

/// timepickerctl: its command line read, the command run, its output written; everything the
/// executable does, so that it only hands its command line over.
public enum Client {
    /// Runs the command `commandLine` (without the program name) asks for; returns the exit status.
    public static func main(_ commandLine: [String]) -> Int32 {
        // The person's language for every message, and for the picker drawn without a service.
        Catalogs.bind()
        let command: ClientCommand
        do {
            command = try ClientCommand(parsing: commandLine)
        } catch {
            Console.usageError(error.message, topic: error.topic)
            return ExitStatus.failure
        }
        switch command {
        case .help(let topic):
            Console.out(Usage.text(for: topic) + "\n")
            return ExitStatus.success
        case .version:
            Console.out("timepickerctl \(TimePickerVersion.current)\n")
            return ExitStatus.success
        case .pick(let options):
            return PickCommand(options: options).run()
        case .monitor(let options):
            return MonitorCommand(options: options).run()
        case .status:
            return StatusCommand().run()
        }
    }
}
