import Foundation
import Glibc

/// A dbus-daemon of the test's own, with a configuration whose only service directory is one the
/// test controls, so nothing from the system (a notification server, say) can be activated on it.
/// Any Unix user may connect, so a test can call as another user.
final class PrivateBus {
    let directory: URL
    let address: String
    let serviceDirectory: URL
    private let process: ChildProcess

    init() throws {
        directory = try makeTemporaryDirectory(prefix: "bus")
        // World-searchable, so a client running as another user can reach the socket.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        serviceDirectory = directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: serviceDirectory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(directory.path)/socket</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(serviceDirectory.path)</servicedir>
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
        """.write(to: config, atomically: true, encoding: .utf8)

        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw HarnessError("pipe failed") }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        let devNull = try openForChild("/dev/null", write: false)
        // Its complaints (it cannot raise the descriptor limit when not root) stay out of the test output.
        let log = try openForChild(directory.appendingPathComponent("bus.log").path, write: true)
        defer {
            close(devNull)
            close(log)
            close(pipeEnds[0])
        }
        process = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--print-address=1"],
            environment: ProcessInfo.processInfo.environment, stdin: devNull, stdout: pipeEnds[1], stderr: log)
        close(pipeEnds[1])
        guard let line = readLine(from: FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: false)), !line.isEmpty else {
            throw HarnessError("dbus-daemon printed no address")
        }
        address = line
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the bus; everything connected to it sees it go.
    func stop() {
        process.send(SIGTERM)
        _ = try? process.waitForExit()
    }

    /// Makes the bus start the daemon on the first call to its name (D-Bus activation), with
    /// the notification user interface, as a desktop session's bus would.
    func installActivationFile() throws {
        try """
        [D-BUS Service]
        Name=io.github.timepickerd.TimePicker1
        Exec=\(DaemonProcess.binary) --ui notification

        """.write(
            to: serviceDirectory.appendingPathComponent("io.github.timepickerd.TimePicker1.service"), atomically: true, encoding: .utf8)
    }

    /// Environment for a process that should see this bus as its session bus.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment.removeValue(forKey: "JOURNAL_STREAM")
        return environment
    }
}

/// Reads one line, byte by byte, so nothing after it is consumed.
func readLine(from handle: FileHandle) -> String? {
    var bytes: [UInt8] = []
    while let byte = try? handle.read(upToCount: 1), let first = byte.first {
        if first == UInt8(ascii: "\n") { break }
        bytes.append(first)
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
}

func makeTemporaryDirectory(prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("timepickerd-tests-\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A failure of the test harness itself, with what went wrong.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Polls `condition` until it holds or `seconds` pass; for conditions no event announces.
func waitUntil(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(10_000)
    }
    throw HarnessError("timed out after \(seconds) s waiting for \(what)")
}
