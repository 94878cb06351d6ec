import TestHarness

/// Voluntary context switches of all the daemon's threads over `seconds` with no traffic,
/// after `settle` seconds of quiet: each one is a wake-up.
func idleWakeUpsRow(_ what: String, pid: Int32, settle: Double, seconds: Double) -> ResultRow {
    pause(seconds: settle)
    let before = ThreadSwitches(pid: pid)
    pause(seconds: seconds)
    let (total, byThread) = ThreadSwitches(pid: pid).since(before)
    var value = "\(total) in \(format(seconds, 0)) s (\(before.threads.count) thread\(before.threads.count == 1 ? "" : "s"))"
    if !byThread.isEmpty {
        value += ": " + byThread.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }
    return ResultRow(what, value, goal: "0", .init(total == 0))
}
