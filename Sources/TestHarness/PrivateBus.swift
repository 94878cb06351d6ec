public import Foundation
import Glibc

/// A dbus-daemon of the harness's own, started with `configuration(socket:serviceDirectory:)`:
/// its only service directory is one the caller controls, so nothing from the system (a
/// notification server, say) can be activated on it. Stopped and removed on deinit.
public final class PrivateBus {
    /// Holds the socket, the configuration, the bus's log and whatever the caller puts there.
    public let directory: URL
    public let address: String
    /// Empty unless the caller puts an activation file there.
    public let serviceDirectory: URL
    private let process: ChildProcess

    /// The dbus-daemon's process id.
    public var pid: Int32 { process.pid }

    public init() throws {
        directory = try makeTemporaryDirectory(prefix: "bus")
        // World-searchable, so a client running as another user can reach the socket.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        serviceDirectory = directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: serviceDirectory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try Self.configuration(socket: directory.appendingPathComponent("socket").path, serviceDirectory: serviceDirectory.path)
            .write(to: config, atomically: true, encoding: .utf8)

        // Its complaints (it cannot raise the descriptor limit when not root) stay out of the output.
        let (process, output) = try startReadingOutput(
            ["/usr/bin/dbus-daemon", "--config-file=\(config.path)", "--nofork", "--print-address=1"],
            environment: ProcessInfo.processInfo.environment, logFile: directory.appendingPathComponent("bus.log"))
        self.process = process
        defer { close(output) }
        guard let line = readLine(fromDescriptor: output) else {
            throw HarnessError("dbus-daemon printed no address; see \(directory.path)/bus.log")
        }
        address = line
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the bus; everything connected to it sees it go.
    public func stop() {
        process.stop()
    }

    /// Environment for a process that should see this bus as its session bus.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment.removeValue(forKey: "JOURNAL_STREAM")
        return environment
    }

    /// The bus's configuration: a session bus listening on `socket`, activating only what is
    /// in `serviceDirectory`, open to any Unix user (so a test can call as another user), with
    /// the limits of a standard session bus.
    public static func configuration(socket: String, serviceDirectory: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(serviceDirectory)</servicedir>
          <!-- The limits of a standard session bus (/usr/share/dbus-1/session.conf): messages
               of up to 1 GB go through, so the daemon meets what a desktop's bus lets through. -->
          <limit name="max_incoming_bytes">1000000000</limit>
          <limit name="max_incoming_unix_fds">250000000</limit>
          <limit name="max_outgoing_bytes">1000000000</limit>
          <limit name="max_outgoing_unix_fds">250000000</limit>
          <limit name="max_message_size">1000000000</limit>
          <limit name="max_replies_per_connection">50000</limit>
          <limit name="max_match_rules_per_connection">50000</limit>
          <policy context="default">
            <allow user="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>

        """
    }

}

/// Reads one line from `descriptor`, byte by byte, so nothing after it is consumed; nil when it
/// is empty (what a child prints on a pipe: dbus-daemon its address, Xvfb its display number).
public func readLine(fromDescriptor descriptor: Int32) -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
}
