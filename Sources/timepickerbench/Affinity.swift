import Glibc
import TestHarness

/// Where the interleaved round trips run: every service and its bus on the last CPU, the bench's
/// caller on the first, so that both services see the same placement. Left to the scheduler,
/// the two services were placed differently for a whole run (in one, 20 % of our Pings took
/// under 70 µs and 61 % of the reference's; medians 80 and 62 µs), and the quotient of their
/// ratios went from 0.69 to 1.06 over nine runs of the same two programs. Pinned, the two
/// Pings' medians stay within a few microseconds of each other, and the quotient moves with the
/// machine's load only (0.78–0.93 over eleven runs). Set with taskset (util-linux); undone after
/// the round trips.
struct Placement {
    let processes: [Int32]
    /// The bench's thread that makes the calls.
    let callingThread: String
    let processors = sysconf(Int32(_SC_NPROCESSORS_ONLN))

    /// Pins `processes` (every thread of each) and the calling thread; nothing on one CPU.
    init(pinning processes: [Int32]) {
        self.processes = processes
        callingThread = Self.thisThread
        guard processors > 1 else { return }
        for pid in processes { Self.taskset(["-a", "-p", "-c", "\(processors - 1)", "\(pid)"]) }
        Self.taskset(["-p", "-c", "0", callingThread])
    }

    /// What the table says of it.
    var summary: String {
        processors > 1 ? "services and buses on CPU \(processors - 1), the bench's caller on CPU 0" : "one CPU"
    }

    /// Lets every CPU run them again.
    func undo() {
        guard processors > 1 else { return }
        let all = "0-\(processors - 1)"
        for pid in processes { Self.taskset(["-a", "-p", "-c", all, "\(pid)"]) }
        Self.taskset(["-p", "-c", all, callingThread])
    }

    /// The calling thread's id, from /proc/thread-self ("PID/task/TID").
    private static var thisThread: String {
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        let path = String(decoding: link[0..<max(length, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").last.map(String.init) ?? "0"
    }

    private static func taskset(_ arguments: [String]) {
        guard let devNull = try? openForChild("/dev/null", write: true) else { return }
        defer { close(devNull) }
        _ = try? ChildProcess("/usr/bin/taskset", arguments, environment: [:], stdin: devNull, stdout: devNull, stderr: devNull).waitForExit()
    }
}
