internal import DBusKit

/// `timepickerctl status`: the running service's version, user interface, owner and open
/// sessions. It asks and prints; it never starts the service.
struct StatusCommand {
    init() {}

    /// Prints the status and returns 0, or says why not and returns 2.
    func run() -> Int32 {
        do throws(ClientFailure) {
            let connection: DBusConnection
            do {
                connection = try DBusConnection.sessionBus()
            } catch {
                throw ClientFailure(message: ClientText.cannotConnect(error.message))
            }
            let status = try ServiceStatus(on: connection)
            guard Console.out(status.text) else { throw ClientFailure(message: ClientText.cannotWriteStdout) }
            return ExitStatus.success
        } catch {
            Console.error(error.message)
            return error.status
        }
    }
}
