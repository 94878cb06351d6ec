import DBusKit
import Foundation
import Glibc
import TestHarness

/// CPU time a process has used so far, all its threads together (utime + stime), in seconds.
func cpuSeconds(of pid: pid_t) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The command name may hold spaces and parentheses: the fields follow the last ')'.
    guard let end = stat.lastIndex(of: ")") else { throw HarnessError("unreadable /proc/\(pid)/stat") }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // Fields 14 and 15 of stat(5); the slice starts at field 3.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
        throw HarnessError("unreadable /proc/\(pid)/stat")
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The resident memory of process `pid` (VmRSS), in KiB.
func residentKiB(of pid: pid_t) throws -> Int {
    try statusField("VmRSS", ofProcess: pid)
}

/// A caller of the dialog backend that sends ShowPicker and Close as fast as it can without
/// waiting for answers (pipelined), as a flood of sessions opened and cancelled at once makes
/// the daemon do; it reads the answers as they come.
final class FloodingCaller {
    private let connection: DBusConnection
    private let name: String
    private(set) var sent = 0
    /// ShowPicker answers received, by response (0, 1, 2) or -1 for an error.
    private(set) var answers: [Int: Int] = [:]
    private var showSerials: Set<UInt32> = []

    init(bus: PrivateBus, name: String) throws {
        connection = try DBusConnection.connect(address: bus.address)
        self.name = name
    }

    /// Sends ShowPicker for a new handle and Close for it right behind.
    func sendPair(options: [String: DBusValue]) throws {
        let handle = try ObjectPath("/io/github/timepickerd/TimePicker1/session/1_1/\(name)_\(sent)").orThrow()
        let show = try BackendCaller.methodCall("ShowPicker")
        try show.append(contentsOf: [.objectPath(handle), .string(""), .vardict(options)])
        let close = try BackendCaller.methodCall("Close")
        try close.append(.objectPath(handle))
        connection.send(show)
        connection.send(close)
        showSerials.insert(show.serial)
        sent += 1
    }

    /// Writes out what is queued and takes in what has arrived, without blocking for long.
    func pump(milliseconds: Int32 = 0) {
        while let message = connection.nextMessage(timeoutMilliseconds: milliseconds) {
            guard showSerials.remove(message.replySerial) != nil else { continue }
            let response: Int
            if message.kind == .methodReturn, case .uint32(let value)? = try? message.arguments().first {
                response = Int(value)
            } else {
                response = -1
            }
            answers[response, default: 0] += 1
        }
    }

    /// ShowPicker calls not answered yet.
    var unanswered: Int { showSerials.count }
}

extension Optional {
    /// The value, or a HarnessError for a value a test built that should have been valid.
    func orThrow() throws -> Wrapped {
        guard let self else { throw HarnessError("an invalid value where a valid one was built") }
        return self
    }
}
