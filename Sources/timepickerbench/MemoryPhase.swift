import TestHarness

/// Runs `count` sessions' lives one after another; returns how many calls failed.
func runSessions(caller: ServiceCaller, count: Int) -> Int {
    var failures = 0
    for _ in 0..<count {
        do { try caller.sessionLife() } catch { failures += 1 }
    }
    return failures
}

/// The row for one resident-memory reading against the 12 MiB goal.
func memoryRow(_ what: String, pid: Int32) -> (row: ResultRow, memory: ResidentMemory?) {
    guard let memory = ResidentMemory(pid: pid) else {
        return (ResultRow(what, "cannot read /proc/\(pid)/status", goal: "< 12 MiB", .missed), nil)
    }
    return (ResultRow(what, memory.summary, goal: "< 12 MiB", .init(memory.mebibytes < 12)), memory)
}

/// The row for the growth between two readings against the 0.5 MiB goal.
func growthRow(_ what: String, from earlier: ResidentMemory?, to later: ResidentMemory?) -> ResultRow {
    guard let earlier, let later else { return ResultRow(what, "no reading", goal: "< 0.5 MiB", .missed) }
    let growth = Double(later.total - earlier.total) / 1024
    return ResultRow(
        what, "\(format(growth, 2)) MiB (anon \(format(Double(later.anonymous - earlier.anonymous) / 1024, 2)))",
        goal: "< 0.5 MiB", .init(growth < 0.5))
}
