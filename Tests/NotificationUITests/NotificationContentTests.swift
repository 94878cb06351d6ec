@testable import NotificationUI
import Testing
import TimePickerCore

/// A picker model from raw options, 24-hour clock unless given; `time_zone` may name
/// Europe/Berlin (its 2026 rules) or UTC, the zone of a `date` without one.
func model(_ raw: [String: OptionValue] = [:], clock: ClockStyle = .twentyFourHour) throws -> PickerModel {
    let context = PickerContext(defaultClock: clock, now: nil, localZone: { PickerContext.utc }) { name in
        switch name {
        case "Europe/Berlin": berlin2026
        case "UTC": PickerContext.utc
        default: nil
        }
    }
    return PickerModel(options: try PickerOptions(validating: raw, context: context))
}

/// The undated slot at a known-good "HH:MM" literal; a bad one is a bug in the test itself.
func time(_ text: String) -> Slot {
    guard let time = WallClockTime(parsing: text) else { preconditionFailure("bad time literal in test: \(text)") }
    return Slot(time)
}

/// `model` with the end column focused, as after Next.
func inEndPhase(_ model: PickerModel) -> PickerModel {
    var model = model
    _ = model.apply(.focus(.end))
    return model
}

/// The body's lines.
func lines(_ content: NotificationContent) -> [String] {
    content.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@Suite("Notification content")
struct NotificationContentTests {
    // MARK: Stepper

    @Test("Stepper, start phase on a server not measured: Next (also the click on the body) and the moves; the start marked; the duration")
    func stepperStartPhase() throws {
        let content = NotificationContent.render(try model(), layout: .stepper, bodyMarkup: false)
        #expect(content.summary == PickerOptions.defaultTitle)
        #expect(content.actions == [
            NotificationAction(key: "earlier", label: "−1 h"),
            NotificationAction(key: "later", label: "+1 h"),
            NotificationAction(key: "default", label: "Next"),
        ])
        #expect(lines(content) == [
            "Start: 01:00  ◀",
            "End: 02:00",
            "Duration: 1 h",
            "The buttons move the start. Click this notification (or Next) to go on to the end.",
            "Dismiss this notification to cancel.",
        ])
    }

    @Test("Stepper, end phase on a server not measured: OK (also the click on the body) and the moves; the end marked; the duration and its minimum")
    func stepperEndPhase() throws {
        let content = NotificationContent.render(
            inEndPhase(try model(["start": .string("09:00"), "end": .string("17:00"), "min_duration": .uint32(90)])),
            layout: .stepper, bodyMarkup: false)
        #expect(content.actions == [
            NotificationAction(key: "earlier", label: "−1 h"),
            NotificationAction(key: "later", label: "+1 h"),
            NotificationAction(key: "default", label: "OK"),
        ])
        #expect(lines(content) == [
            "Start: 09:00",
            "End: 17:00  ◀",
            "Duration: 8 h (at least 1 h 30 min)",
            "The buttons move the end. Click this notification (or OK) to accept.",
            "Dismiss this notification to cancel.",
        ])
    }

    @Test("Stepper offers each action once, at most three besides the default (GNOME Shell shows no more buttons)")
    func stepperEachActionOnce() throws {
        for phase in [try model(), inEndPhase(try model()), try model(["step": .uint32(30)]), try model(["step": .uint32(15)])] {
            let content = NotificationContent.render(phase, layout: .stepper, bodyMarkup: true)
            #expect(content.actions.filter { $0.key != "default" }.count <= 3)
            #expect(Set(content.actions.map(\.key)).count == content.actions.count, "no key twice")
            #expect(Set(content.actions.map(\.label)).count == content.actions.count, "no label twice")
            let events = content.actions.map { pickerEvents(forAction: $0.key, in: phase) }
            #expect(Set(events.map { "\($0)" }).count == events.count, "no two actions do the same: \(events)")
        }
    }

    @Test("Times follow the clock option: 12-hour labels")
    func stepperTwelveHour() throws {
        let content = NotificationContent.render(
            try model(["start": .string("13:00"), "end": .string("24:00")], clock: .twelveHour), layout: .stepper, bodyMarkup: false)
        #expect(lines(content).prefix(2) == ["Start: 1:00 PM  ◀", "End: midnight"])
    }

    // MARK: List

    @Test("List, start phase: one action per valid start, in order, led by the 24-hour time, then the 12-hour reading")
    func listStartPhase() throws {
        let picker = try model(clock: .twelveHour)
        let content = NotificationContent.render(picker, layout: .list, bodyMarkup: false)
        #expect(content.actions.count == picker.validStarts.count)
        #expect(content.actions.map(\.key) == picker.validStarts.map { "start-\($0.clockText)" })
        #expect(content.actions.first == NotificationAction(key: "start-01:00", label: "Start 01:00 · 1:00 AM"))
        #expect(content.actions.contains(NotificationAction(key: "start-09:00", label: "Start 09:00 · 9:00 AM")))
        #expect(content.actions.contains(NotificationAction(key: "start-12:00", label: "Start 12:00 · 12:00 PM")))
        #expect(content.actions.contains(NotificationAction(key: "start-24:00", label: "Start 24:00 · midnight")))
        #expect(!content.actions.contains { $0.key == "default" || $0.key.hasPrefix("end-") })
        #expect(lines(content) == ["Choose the start time in the notification menu.", "Dismiss this notification to cancel."])
    }

    @Test("List, end phase: Change start… first, then only valid ends with their durations, min_duration respected")
    func listEndPhase() throws {
        var picker = try model(["min_duration": .uint32(90), "step": .uint32(30)])
        _ = picker.apply(.set(.start, time("09:00")))
        _ = picker.apply(.focus(.end))
        let content = NotificationContent.render(picker, layout: .list, bodyMarkup: false)
        #expect(content.actions.first == NotificationAction(key: "change-start", label: "Change start…"))
        #expect(content.actions.dropFirst().first == NotificationAction(key: "end-10:30", label: "End 10:30 (1 h 30 min)"))
        #expect(content.actions.last == NotificationAction(key: "end-24:00", label: "End 24:00 (15 h)"))
        #expect(content.actions.dropFirst().map(\.key) == picker.validEnds.map { "end-\($0.clockText)" })
        #expect(lines(content) == [
            "Start: 09:00", "Choose the end time in the notification menu.", "The range lasts at least 1 h 30 min.", "Dismiss this notification to cancel.",
        ])
    }

    @Test("List, start phase: no start without room for min_duration before the last slot")
    func listStartsLeaveRoom() throws {
        let content = NotificationContent.render(try model(["min_duration": .uint32(120)]), layout: .list, bodyMarkup: false)
        #expect(content.actions.last?.key == "start-22:00")
        #expect(lines(content) == ["Choose the start time in the notification menu.", "The range lasts at least 2 h.", "Dismiss this notification to cancel."])
    }

    @Test("Every end the list offers is accepted and ends the picker with it")
    func listOffersOnlyAcceptedEnds() throws {
        var picker = try model(["min_duration": .uint32(60)])
        for event in pickerEvents(forAction: "start-05:00", in: picker) { _ = picker.apply(event) }
        let offered = NotificationContent.render(picker, layout: .list, bodyMarkup: false).actions.filter { $0.key != "change-start" }
        #expect(!offered.isEmpty)
        for action in offered {
            var attempt = picker
            var outcome: PickerOutcome?
            for event in pickerEvents(forAction: action.key, in: attempt) where outcome == nil {
                outcome = attempt.apply(event)
            }
            let end = time(String(action.key.dropFirst(4)))
            #expect(outcome == .selected(start: time("05:00"), end: end), "\(action.key)")
        }
    }

    // MARK: Text from callers

    @Test("Control characters in the title are neutralised in the summary, escape sequences included")
    func summaryNeutralised() throws {
        let title = "<b>x</b> & \u{1B}[2J\u{7}\u{9B}1m\tnext\r\nline\u{202E}"
        for bodyMarkup in [false, true] {
            for layout in NotificationLayout.allCases {
                let content = NotificationContent.render(try model(["title": .string(title)]), layout: layout, bodyMarkup: bodyMarkup)
                #expect(content.summary == "<b>x</b> & \u{FFFD}[2J\u{FFFD}\u{FFFD}1m next line\u{FFFD}")
                #expect(!content.summary.unicodeScalars.contains { $0.properties.generalCategory == .control })
                #expect(content.summary == displaySafe(title), "the summary is plain text: not escaped as markup")
            }
        }
    }

    @Test("Markup escaping: the five characters the body markup gives meaning to")
    func markupEscaping() {
        #expect(NotificationContent.escapedForMarkup("<b>x</b> & \"y\" 'z'") == "&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot; &apos;z&apos;")
        #expect(NotificationContent.escapedForMarkup("&amp;") == "&amp;amp;", "escaping twice is visible, so it happens once")
        #expect(NotificationContent.escapedForMarkup("9:00 AM ◀") == "9:00 AM ◀")
        #expect(NotificationContent.escapedForMarkup("") == "")
    }

    @Test("The body is the same text with or without body-markup when nothing needs escaping")
    func bodyWithAndWithoutMarkup() throws {
        for layout in NotificationLayout.allCases {
            for picker in [try model(clock: .twelveHour), inEndPhase(try model(clock: .twelveHour))] {
                let plain = NotificationContent.render(picker, layout: layout, bodyMarkup: false)
                let markup = NotificationContent.render(picker, layout: layout, bodyMarkup: true)
                #expect(plain.body == markup.body)
                #expect(plain.actions == markup.actions)
                #expect(!markup.body.contains("<") && !markup.body.contains("&"))
            }
        }
    }

    @Test("Rendering is pure: the same model gives the same notification")
    func renderIsPure() throws {
        let picker = try model(["start": .string("08:00")])
        #expect(NotificationContent.render(picker, layout: .stepper, bodyMarkup: true)
            == NotificationContent.render(picker, layout: .stepper, bodyMarkup: true))
    }
}
