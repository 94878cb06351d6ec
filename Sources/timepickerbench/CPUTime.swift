internal import SystemKit
/// Nanoseconds on a CPU of every thread of process `pid` (/proc/PID/task/*/schedstat).
func cpuNanoseconds(pid: Int32) -> UInt64 {
    (directoryEntryNames(atPath: "/proc/\(pid)/task") ?? []).reduce(0) { total, task in
        total + firstNumber(of: "/proc/\(pid)/task/\(task)/schedstat")
    }
}

/// Nanoseconds on a CPU of the calling thread.
func cpuNanosecondsOfThisThread() -> UInt64 {
    firstNumber(of: "/proc/thread-self/schedstat")
}

private func firstNumber(of path: String) -> UInt64 {
    readWholeFile(path)?.split(separator: " ").first.flatMap { UInt64($0) } ?? 0
}
