import Glibc

/// A dbus-daemon of the bench's own, with a configuration whose only service directory is an
/// empty one it controls, so nothing from the system can be activated on it.
final class PrivateBus {
    let directory: String
    let address: String
    private let process: ChildProcess
    var pid: Int32 { process.pid }

    init() throws {
        directory = try makeTemporaryDirectory("timepickerbench")
        let services = "\(directory)/services"
        mkdir(services, 0o700)
        let config = "\(directory)/bus.conf"
        try writeFile(config, """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory)/socket</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(services)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw BenchError("pipe failed") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let devNull = try openForChild("/dev/null", write: false)
        let log = try openForChild("\(directory)/bus.log", write: true)
        defer {
            close(devNull)
            close(log)
            close(ends[0])
        }
        process = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"],
            environment: processEnvironment(with: [:]), stdin: devNull, stdout: ends[1], stderr: log)
        close(ends[1])
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard !line.isEmpty else { throw BenchError("dbus-daemon printed no address; see \(directory)/bus.log") }
        address = String(decoding: line, as: UTF8.self)
    }

    deinit {
        process.stop()
        removeDirectory(directory)
    }

    /// The environment of a process that should see this bus as its session bus.
    var environment: [String: String] {
        processEnvironment(with: ["DBUS_SESSION_BUS_ADDRESS": address, "JOURNAL_STREAM": nil])
    }
}
