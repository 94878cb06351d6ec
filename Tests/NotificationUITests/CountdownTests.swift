@testable import NotificationUI
import Testing
import TimePickerCore

@Suite("Notification countdown")
struct CountdownTests {
    @Test("The countdown reads in seconds up to 90 s, in rounded minutes above", arguments: [
        (1, "Closes in 1 s"), (10, "Closes in 10 s"), (42, "Closes in 42 s"), (90, "Closes in 90 s"), (91, "Closes in 2 min"),
        (269, "Closes in 4 min"), (270, "Closes in 5 min"), (300, "Closes in 5 min"), (5400, "Closes in 1 h 30 min"),
    ])
    func text(seconds: Int, expected: String) {
        #expect(Countdown.text(secondsLeft: seconds) == expected)
    }

    /// The seconds left at each redraw, from a first show `timeout` seconds before the deadline.
    private func redraws(timeout: Int) -> [Int] {
        let deadline = timeout * 1000
        var now = 0
        var shown: [Int] = []
        while let delay = Countdown.delayUntilRedraw(deadline: deadline, now: now) {
            now += delay
            shown.append((deadline - now + 999) / 1000)
        }
        return shown
    }

    @Test("Redrawn every 10 s, then every second in the last 10 s")
    func lastMinute() {
        #expect(redraws(timeout: 42) == [40, 30, 20, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
        #expect(redraws(timeout: 10) == [9, 8, 7, 6, 5, 4, 3, 2, 1])
        #expect(redraws(timeout: 1).isEmpty)
    }

    @Test("Each redraw changes the text, and long timeouts are redrawn once a minute", arguments: [60, 95, 600, 3600, 86_400])
    func sanePace(timeout: Int) {
        let seconds = redraws(timeout: timeout)
        var previous = Countdown.text(secondsLeft: timeout)
        for left in seconds {
            let text = Countdown.text(secondsLeft: left)
            #expect(text != previous, "a redraw at \(left) s left changes nothing")
            previous = text
        }
        #expect(seconds.count <= timeout / 60 + 19, "\(seconds.count) redraws in \(timeout) s")
        #expect(seconds == seconds.sorted(by: >))
    }

    @Test("Late or early, the next redraw is never in the past, and none is due once the time is up")
    func edges() {
        #expect(Countdown.delayUntilRedraw(deadline: 10_000, now: 10_000) == nil)
        #expect(Countdown.delayUntilRedraw(deadline: 10_000, now: 12_000) == nil)
        #expect(Countdown.delayUntilRedraw(deadline: 42_000, now: 0) == 2000)
        #expect(Countdown.delayUntilRedraw(deadline: 42_000, now: 1500) == 500)
    }

    @Test("The body shows the countdown in both layouts, only with a timeout", arguments: NotificationLayout.allCases)
    func inTheBody(layout: NotificationLayout) throws {
        var picker = try model()
        #expect(!NotificationContent.render(picker, layout: layout, bodyMarkup: false).body.contains("Closes in"))
        picker.deadline = 100_000
        let body = lines(NotificationContent.render(picker, layout: layout, bodyMarkup: true, now: 58_000))
        #expect(body.suffix(2) == ["Closes in 42 s", "Dismiss this notification to cancel."])
    }
}
