import Foundation
import Glibc
import TestHarness
internal import SystemKit

/// The top-level windows an X display maps and unmaps, as `scripts/window-maps.py` reports them:
/// an X client that selects SubstructureNotify on the root window, so every map is an event
/// read the moment the X server sends it, stamped with CLOCK_MONOTONIC (the clock of
/// `monotonicNanoseconds`). Stopped on deinit.
final class WindowMaps {
    private let process: ChildProcess
    private let output: Int32
    /// What was read past the last whole line.
    private var buffer: [UInt8] = []

    /// scripts/window-maps.py, found from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/window-maps.py").path

    /// Starts watching `display`; returns once the watcher listens, so no later map is missed.
    init(display: XvfbDisplay, environment: [String: String], log: URL) throws {
        guard FileManager.default.isReadableFile(atPath: Self.script) else { throw HarnessError("missing \(Self.script)") }
        (process, output) = try startReadingOutput(
            ["/usr/bin/python3", Self.script], environment: display.environment(environment), logFile: log)
        guard nextLine(until: monotonicNanoseconds() + 10_000_000_000, while: { true }) == "ready" else {
            throw HarnessError("scripts/window-maps.py did not start; see \(log.path)")
        }
    }

    deinit {
        process.stop()
        close(output)
    }

    /// Waits up to `seconds` for a window titled `title` to be mapped, while `keepWaiting`
    /// (asked every 100 ms without news) holds; returns the window and when it was mapped.
    func waitForMap(titled title: String, seconds: Double, while keepWaiting: () -> Bool = { true }) -> (window: UInt32, at: UInt64)? {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while let line = nextLine(until: deadline, while: keepWaiting) {
            // "map XID NANOSECONDS TITLE"; the title may hold spaces.
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "map", fields[3] == title,
                  let window = UInt32(fields[1]), let time = UInt64(fields[2])
            else { continue }
            return (window, time)
        }
        return nil
    }

    /// Waits up to `seconds` for `window` to be unmapped or destroyed; whether it was.
    func waitForGone(_ window: UInt32, seconds: Double) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while let line = nextLine(until: deadline, while: { true }) {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "unmap" || fields[0] == "destroy", UInt32(fields[1]) == window { return true }
        }
        return false
    }

    /// The next line the watcher printed, or nil at `deadline`, at its end, or once
    /// `keepWaiting` says to stop.
    private func nextLine(until deadline: UInt64, while keepWaiting: () -> Bool) -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let now = monotonicNanoseconds()
            guard now < deadline else { return nil }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let waited = retryingAfterInterrupts { poll(&ready, 1, Int32(min((deadline - now) / 1_000_000 + 1, 100))) }
            guard waited > 0 else {
                if !keepWaiting() { return nil }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { buffer in retryingAfterInterrupts { read(output, buffer.baseAddress, buffer.count) } }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
