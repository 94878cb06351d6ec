import Glibc
@testable import NotificationUI
import Testing
import TimePickerCore

/// Who asked is bounded in Unicode scalars (`Requester`), not in Characters: an `F` and 30,000
/// combining marks, one Character, made a body of 30,207 characters. Measured against a name of
/// 64 characters in the same run: ratios, never absolute times.
@Suite("Who asks: a name of any length costs a notification what a 64-character one does")
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

    /// The scalars of the body with `name` as who asked, and the CPU time of 200 bodies, on
    /// each server's layout in turn (GNOME's puts who asks on the duration's line).
    static func cost(of name: String) throws -> (scalars: Int, seconds: Double) {
        var options = try model().options
        options.requester = Requester(name: name, vouched: false)
        let view = NotificationView(PickerModel(options: options).state)
        let profiles = ["gnome-shell", "Plasma", "Xfce Notify Daemon", "dunst"].map { NotificationServerProfile.forServer(named: $0) }
        var scalars = 0
        let start = threadSeconds()
        for round in 0..<200 {
            let content = NotificationContent.render(view, profile: profiles[round % profiles.count], bodyMarkup: round % 2 == 0, now: 0)
            scalars = max(scalars, content.body.unicodeScalars.count)
        }
        return (scalars, threadSeconds() - start)
    }

    @Test("A 30,000-mark app name costs a notification body's length and time no more than a 64-character name")
    func markFlood() throws {
        // Each measured twice, alternately, the lesser time kept: the first run warms caches.
        var marks = try Self.cost(of: Self.marks)
        var plain = try Self.cost(of: Self.plain)
        marks.seconds = min(marks.seconds, try Self.cost(of: Self.marks).seconds)
        plain.seconds = min(plain.seconds, try Self.cost(of: Self.plain).seconds)
        #expect(marks.scalars <= plain.scalars, "body: \(marks.scalars) scalars with the marks, \(plain.scalars) with 64 characters")
        #expect(marks.seconds <= plain.seconds * 2, "CPU: \(marks.seconds) s with the marks, \(plain.seconds) s with 64 characters")
    }
}
