internal import SystemKit
import TestHarness

/// Voluntary context switches of every thread of a process, from /proc/PID/task/*/status:
/// each is a time a thread went to sleep and was woken again.
struct ThreadSwitches {
    /// Per thread id: the thread's name and its count.
    let threads: [String: (name: String, voluntary: Int)]

    init(pid: Int32) {
        var threads: [String: (name: String, voluntary: Int)] = [:]
        for task in (directoryEntryNames(atPath: "/proc/\(pid)/task") ?? []) {
            guard let status = readWholeFile("/proc/\(pid)/task/\(task)/status"),
                  let count = statusField("voluntary_ctxt_switches", in: status)
            else { continue }
            let name = readWholeFile("/proc/\(pid)/task/\(task)/comm")?.split(separator: "\n").first.map(String.init) ?? "?"
            threads[task] = (name, count)
        }
        self.threads = threads
    }

    /// Switches since `earlier`, per thread name (threads started since count in full).
    func since(_ earlier: ThreadSwitches) -> (total: Int, byThread: [(name: String, count: Int)]) {
        var byThread: [(name: String, count: Int)] = []
        for (tid, now) in threads.sorted(by: { $0.key < $1.key }) {
            let delta = now.voluntary - (earlier.threads[tid]?.voluntary ?? 0)
            if delta > 0 { byThread.append(("\(now.name)[\(tid)]", delta)) }
        }
        return (byThread.reduce(0) { $0 + $1.count }, byThread)
    }
}
