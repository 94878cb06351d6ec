import DBusKit
import Foundation

/// D-Bus activation on the harness's bus: services it may start, and the environment it starts
/// them with, as a desktop session's bus has them.
extension PrivateBus {
    /// Makes the bus start `command` (a command line, as an activation file's `Exec=`) on the
    /// first call to `name`.
    public func installService(_ name: String, command: String) throws {
        try """
        [D-BUS Service]
        Name=\(name)
        Exec=\(command)

        """.write(to: serviceDirectory.appendingPathComponent("\(name).service"), atomically: true, encoding: .utf8)
    }

    /// Adds `variables` to the environment of the services the bus starts from now on, as a
    /// desktop session does at log-in (`dbus-update-activation-environment`).
    public func updateActivationEnvironment(_ variables: [String: String]) throws {
        let connection = try DBusConnection.connect(address: address)
        _ = try connection.callMethod(
            "UpdateActivationEnvironment", destination: .messageBus, path: .messageBus, interface: .messageBus,
            [.array(elementSignature: "{ss}", elements: variables.sorted { $0.key < $1.key }.map {
                .dictEntry(key: .string($0.key), value: .string($0.value))
            })],
            timeoutMilliseconds: 10_000)
    }
}
