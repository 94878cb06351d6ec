@testable import DialogBackend
import Testing
import TimePickerCore

@Suite("Dialog text")
struct DialogTextTests {
    @Test("A heading is display-safe, on one line and clipped to 200 characters")
    func heading() {
        #expect(DialogText.heading("Team meeting") == "Team meeting")
        #expect(DialogText.heading("<b>x</b> &amp;") == "<b>x</b> &amp;", "plain text: nothing to escape, nothing interpreted")
        #expect(DialogText.heading("a\u{1B}[2Jb\nc\u{202E}d") == "a\u{FFFD}[2Jb c\u{FFFD}d")
        let long = DialogText.heading(String(repeating: "é", count: 10_000))
        #expect(long.count == 200)
        #expect(long.hasSuffix("é…"))
        let combining = DialogText.heading("a" + String(repeating: "\u{301}", count: 100_000))
        #expect(combining.unicodeScalars.count <= PickerOptions.maxTitleScalars + 1)
        #expect(combining.hasSuffix("…"))
        #expect(DialogText.heading(String(repeating: "x", count: 200)).count == 200)
        #expect(!DialogText.heading(String(repeating: "x", count: 200)).hasSuffix("…"))
    }

    @Test("Durations and the countdown read as a person says them")
    func durations() throws {
        #expect(DialogText.countdown(seconds: 42) == "Closes in 42 s")
        #expect(DialogText.countdown(seconds: 60) == "Closes in 1 min")
        #expect(DialogText.countdown(seconds: 125) == "Closes in 2 min 5 s")
        #expect(DialogText.countdown(seconds: 4200) == "Closes in 1 h 10 min")
        let model = try DialogRequest(
            options: ["start": .string("09:00"), "end": .string("17:30"), "step": .uint32(30), "min_duration": .uint32(90)],
            defaultClock: .twentyFourHour
        ).state.model
        #expect(DialogText.rangeLine(model) == "09:00 – 17:30 · 8 h 30 min (at least 1 h 30 min)")
        #expect(DialogText.typedLine(model, typed: "") == "")
        #expect(DialogText.typedLine(model, typed: "1730") == "Typed 1730_")
        // 93 may still become 9:30 (issue 39); 99 no longer can become any time.
        #expect(DialogText.typedLine(model, typed: "93") == "Typed 93_")
        #expect(DialogText.typedLine(model, typed: "99") == "Typed 99_ (99 is not a time)")
        #expect(DialogText.typedLine(model, typed: "1710") == "Typed 1710_ (17:10 is not on the 30-min grid: 17:00)")
    }

    @Test("More time: the button's access key, as a screen reader is told it")
    func moreTime() {
        #expect(DialogText.moreTimeButton(.environment) == "_More time")
        #expect(DialogText.accessKey(of: "_More time") == "M")
        #expect(DialogText.accessKey(of: "Mehr _Zeit") == "Z")
        #expect(DialogText.accessKey(of: "a__b _c") == "C", "a doubled underscore is a plain one")
        #expect(DialogText.accessKey(of: "More time") == nil)
        #expect(DialogText.accessKey(of: "More time_") == nil)
        #expect(DialogText.spokenMoreTime(.environment) == "Press Alt+M for more time")
        #expect(DialogText.timeIsUp(.environment) == "Time is up")
    }
}
