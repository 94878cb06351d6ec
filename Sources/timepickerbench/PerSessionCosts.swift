import Foundation
import Glibc
import TestHarness

/// What one session's life costs a service apart from time, taken in a pass of its own after
/// the timed rows, so that neither the counter nor strace slows what is timed.

/// The daemon's allocations per session's life: a daemon of its own (on its own bus and
/// terminal) started with `counter` preloaded (scripts/allocation-counter.c, which `make bench`
/// builds with gcc), `warmUp` sessions first (the words of its language, the label tables and
/// the runtime's first-use work are made once), then the counts before and after `sessions`.
/// Returns the row and the running daemon, whose system calls are counted next.
func measureAllocations(
    binary: String, counter: String, sessions: Int, warmUp: Int, bus: PrivateBus, terminal: PseudoTerminal
) throws -> (row: ResultRow, daemon: DaemonProcess, caller: ServiceCaller) {
    let countsFile = bus.directory.appendingPathComponent("allocations").path
    let descriptor = open(countsFile, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0, ftruncate(descriptor, 4096) == 0 else { throw HarnessError("cannot make \(countsFile)") }
    close(descriptor)
    let daemon = try DaemonProcess.serving(
        on: bus, binary: binary, arguments: ["--ui", "terminal"], terminal: terminal,
        environment: ["LD_PRELOAD": counter, "TIMEPICKERBENCH_ALLOCATIONS": countsFile])
    let caller = try ServiceCaller(address: bus.address)
    let what = "timepickerd: allocations per session's life (malloc, calloc, realloc, aligned; \(grouped(sessions)) sessions, LD_PRELOAD counter)"
    var failures = runSessions(caller: caller, count: warmUp)
    guard let before = AllocationCounts(file: countsFile), before.allocations > 0 else {
        return (ResultRow(what, "the counter was not loaded (is \(counter) built?)"), daemon, caller)
    }
    failures += runSessions(caller: caller, count: sessions)
    guard let after = AllocationCounts(file: countsFile) else { return (ResultRow(what, "cannot read \(countsFile)"), daemon, caller) }
    let count = Double(sessions)
    let value = "\(format(Double(after.allocations - before.allocations) / count, 1)) (\(grouped(Int((Double(after.bytes - before.bytes) / count).rounded()))) bytes; "
        + "\(format(Double(after.frees - before.frees) / count, 1)) frees)\(failures > 0 ? "; \(failures) calls failed" : "")"
    return (ResultRow(what, value), daemon, caller)
}

/// The three counters scripts/allocation-counter.c keeps in its file.
private struct AllocationCounts {
    let allocations: UInt64
    let bytes: UInt64
    let frees: UInt64

    init?(file: String) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var values = [UInt64](repeating: 0, count: 3)
        let read = values.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read == 3 * MemoryLayout<UInt64>.size else { return nil }
        (allocations, bytes, frees) = (values[0], values[1], values[2])
    }
}

/// A service's system calls per session's life: `strace -c -f` attached to its process while
/// `caller` runs `sessions` sessions (the service is idle before and after, so every call it
/// counts belongs to them), then stopped with SIGINT, which makes it detach and write its table.
func systemCallsRow(_ who: String, pid: Int32, caller: ServiceCaller, sessions: Int, strace: String?, directory: URL) -> ResultRow {
    let what = "\(who): system calls per session's life (strace -c, \(grouped(sessions)) sessions)"
    guard let strace else { return ResultRow(what, "strace is not installed") }
    let table = directory.appendingPathComponent("strace-\(pid).txt").path
    let process: ChildProcess
    do {
        let devNull = try openForChild("/dev/null", write: false)
        let log = try openForChild(directory.appendingPathComponent("strace-\(pid).log").path, write: true)
        defer {
            close(devNull)
            close(log)
        }
        process = try ChildProcess(
            strace, ["-c", "-f", "-p", "\(pid)", "-o", table], environment: ProcessInfo.processInfo.environment,
            stdin: devNull, stdout: log, stderr: log)
    } catch {
        return ResultRow(what, "strace could not start: \(error)")
    }
    // Attached once the process's tracer is strace.
    do {
        try waitUntil("strace to attach to \(pid)", seconds: 10) { (try? statusField("TracerPid", ofProcess: pid)) == Int(process.pid) }
    } catch {
        process.stop()
        return ResultRow(what, "strace could not attach to process \(pid) (ptrace not allowed?)")
    }
    let failures = runSessions(caller: caller, count: sessions)
    process.send(SIGINT)
    _ = try? process.waitForExit(seconds: 30)
    guard let text = readWholeFile(table), let summary = SystemCallSummary(straceTable: text) else {
        return ResultRow(what, "strace wrote no table")
    }
    let count = Double(sessions)
    // strace's attaching interrupts the wait the service was in (restart_syscall, once): not the sessions'.
    let parts = summary.calls.filter { Double($0.count) / count >= 0.05 }.prefix(8)
        .map { "\($0.name) \(format(Double($0.count) / count, 1))" }.joined(separator: ", ")
    return ResultRow(what, "\(format(Double(summary.total) / count, 1)): \(parts)\(failures > 0 ? "; \(failures) calls failed" : "")")
}

/// The table `strace -c` writes: calls per system call, most first, and their total.
struct SystemCallSummary {
    let calls: [(name: String, count: Int)]
    let total: Int

    /// Reads the lines "% time seconds usecs/call calls [errors] syscall"; nil without a total.
    init?(straceTable text: String) {
        var calls: [(name: String, count: Int)] = []
        var total: Int?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 5, Double(fields[0]) != nil, let count = Int(fields[3]), let name = fields.last else { continue }
            if name == "total" { total = count } else { calls.append((String(name), count)) }
        }
        guard let total else { return nil }
        self.calls = calls.sorted { $0.count > $1.count }
        self.total = total
    }
}
