import Glibc
import TerminalUI
import Testing
import TimePickerCore

/// Who asked is bounded in Unicode scalars (`Requester`, `displayBounded`), not in Characters:
/// an `F` and 30,000 combining marks is one Character, which a bound of 64 Characters let
/// through whole, 60 KB on every frame. Measured against a name of 64 characters in the same
/// run: ratios, never absolute times.
@Suite("Who asks: a name of any length costs a frame what a 64-character one does")
struct RequesterCostTests {
    /// A desktop entry's Name anyone can write: one Character of 30,001 scalars.
    static let marks = "F" + String(repeating: "\u{301}", count: 30_000)
    /// A name of the longest length shown.
    static let plain = String(repeating: "x", count: 64)

    /// This thread's CPU time, in seconds: what other processes on the machine do not change.
    static func threadSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The bytes of a frame with `name` as who asked, and the CPU time of ten sessions' frames,
    /// each drawn at 21 widths (no frame the same as the one before, so none is reused).
    static func cost(of name: String) throws -> (bytes: Int, seconds: Double) {
        var options = try model().options
        options.requester = Requester(name: name, vouched: false)
        var bytes = 0
        let start = threadSeconds()
        for _ in 0..<10 {
            let frame = PickerFrame(options: options)
            let state = PickerModel(options: options).state
            for columns in 60...80 {
                let drawn = frame.render(state, size: TerminalSize(columns: columns, rows: 24), placement: .alternateScreen)
                if columns == 80 { bytes = drawn.count }
            }
        }
        return (bytes, threadSeconds() - start)
    }

    @Test("A 30,000-mark app name costs a terminal frame's bytes and time no more than a 64-character name")
    func markFlood() throws {
        // Each measured twice, alternately, the lesser time kept: the first run warms caches.
        var marks = try Self.cost(of: Self.marks)
        var plain = try Self.cost(of: Self.plain)
        marks.seconds = min(marks.seconds, try Self.cost(of: Self.marks).seconds)
        plain.seconds = min(plain.seconds, try Self.cost(of: Self.plain).seconds)
        #expect(Double(marks.bytes) <= Double(plain.bytes) * 1.25, "bytes: \(marks.bytes) with the marks, \(plain.bytes) with 64 characters")
        #expect(marks.seconds <= plain.seconds * 2, "CPU: \(marks.seconds) s with the marks, \(plain.seconds) s with 64 characters")
    }
}
