import Testing
import TimePickerCore

@Suite("PickerOptions defaults and accepted values")
struct PickerOptionsDefaultsTests {
    @Test func emptyOptionsGiveTheOriginalPicker() throws {
        let picked = try options()
        #expect(picked.title == "Select start and end time")
        #expect(picked.grid.first == slot("01:00"))
        #expect(picked.grid.last == slot("24:00"))
        #expect(picked.grid.step == 60)
        #expect(picked.grid.count == 24)
        #expect(picked.grid.slots.map { $0.label(.twelveHour) }.first == "1:00 AM")
        // The original ended on "12:00 AM"; the end of the day now reads as one.
        #expect(picked.grid.slots.map { $0.label(.twelveHour) }.last == "midnight")
        #expect(picked.start == slot("01:00"))
        #expect(picked.end == slot("02:00"))
        #expect(picked.minDuration == 0)
        #expect(picked.timeoutSeconds == 0)
        #expect(picked.timeoutExtensions == 0)
        #expect(picked.handleToken == nil)
        #expect(picked.clock == .twentyFourHour)
    }

    @Test(arguments: [ClockStyle.twelveHour, .twentyFourHour])
    func clockDefaultsToTheServiceDefault(clock: ClockStyle) throws {
        #expect(try options(defaultClock: clock).clock == clock)
    }

    @Test(arguments: [("12h", ClockStyle.twelveHour), ("24h", .twentyFourHour)])
    func clockOptionOverridesTheDefault(text: String, clock: ClockStyle) throws {
        let other: ClockStyle = clock == .twelveHour ? .twentyFourHour : .twelveHour
        #expect(try options(["clock": .string(text)], defaultClock: other).clock == clock)
    }

    /// (step, first or nil, expected last, expected count, expected default end)
    @Test(arguments: [
        (15, nil, "24:00", 93, "01:15"),
        (30, nil, "24:00", 47, "01:30"),
        (60, nil, "24:00", 24, "02:00"),
        (90, nil, "23:30", 16, "02:30"),
        (1440, nil, "01:00", 1, "01:00"),
        (90, "00:00", "24:00", 17, "01:30"),
        (1440, "00:00", "24:00", 2, "24:00"),
        (60, "24:00", "24:00", 1, "24:00"),
        (45, "08:10", "23:55", 22, "08:55"),
    ] as [(UInt32, String?, String, Int, String)])
    func gridDefaultsFollowStepAndFirst(step: UInt32, first: String?, last: String, count: Int, end: String) throws {
        var raw: [String: OptionValue] = ["step": .uint32(step)]
        if let first { raw["first"] = .string(first) }
        let picked = try options(raw)
        #expect(picked.grid.step == Int(step))
        #expect(picked.grid.first == slot(first ?? "01:00"))
        #expect(picked.grid.last == slot(last))
        #expect(picked.grid.count == count)
        #expect(picked.start == picked.grid.first)
        #expect(picked.end == slot(end))
    }

    @Test func explicitRangeAndSelection() throws {
        let picked = try options([
            "title": .string("Book the room"),
            "step": .uint32(30),
            "first": .string("08:00"),
            "last": .string("18:00"),
            "start": .string("09:30"),
            "end": .string("11:00"),
            "min_duration": .uint32(60),
            "timeout": .uint32(120),
            "timeout_extensions": .uint32(100),
            "handle_token": .string("req_42"),
            "clock": .string("12h"),
        ])
        #expect(picked.title == "Book the room")
        #expect(picked.grid == SlotGrid(first: time("08:00"), last: time("18:00"), step: 30))
        #expect(picked.start == slot("09:30"))
        #expect(picked.end == slot("11:00"))
        #expect(picked.minDuration == 60)
        #expect(picked.timeoutSeconds == 120)
        #expect(picked.timeoutExtensions == 100)
        #expect(picked.handleToken == "req_42")
        #expect(picked.clock == .twelveHour)
    }

    /// (step, start, min_duration, expected default end)
    @Test(arguments: [
        (60, "10:00", 0, "11:00"),
        (60, "24:00", 0, "24:00"),  // the last slot ends where it starts
        (60, "10:00", 30, "11:00"),  // 10:30 rounded up to the next slot
        (60, "10:00", 120, "12:00"),
        (15, "10:00", 0, "10:15"),
        (15, "10:00", 40, "10:45"),
        (15, "23:00", 60, "24:00"),
        (60, "23:00", 60, "24:00"),
    ] as [(UInt32, String, UInt32, String)])
    func defaultEndHonoursMinDuration(step: UInt32, start: String, minDuration: UInt32, end: String) throws {
        let picked = try options([
            "step": .uint32(step), "start": .string(start), "min_duration": .uint32(minDuration),
        ])
        #expect(picked.start == slot(start))
        #expect(picked.end == slot(end))
    }

    @Test func endMayEqualStartWithoutMinDuration() throws {
        let picked = try options(["start": .string("10:00"), "end": .string("10:00")])
        #expect(picked.end == slot("10:00"))
    }

    @Test func endExactlyAtMinDurationIsAccepted() throws {
        let picked = try options([
            "step": .uint32(15), "start": .string("10:00"), "end": .string("10:30"), "min_duration": .uint32(30),
        ])
        #expect(picked.end == slot("10:30"))
    }

    @Test func minDurationMayFillTheWholeSpan() throws {
        let picked = try options(["min_duration": .uint32(1380)])
        #expect(picked.start == slot("01:00"))
        #expect(picked.end == slot("24:00"))
    }

    @Test func titleLimitCountsCharactersNotBytes() throws {
        let family = "👨‍👩‍👧"  // one Character, many bytes
        let title = String(repeating: family, count: 200)
        #expect(try options(["title": .string(title)]).title == title)
        #expect(try options(["title": .string("")]).title == "")
    }

    @Test func handleTokenAtTheLengthLimit() throws {
        let token = String(repeating: "a", count: 255)
        #expect(try options(["handle_token": .string(token)]).handleToken == token)
    }

    @Test func userInterfaceOptions() throws {
        let none = try options([:])
        #expect(none.userInterface == nil && none.parentWindow == nil && none.activationToken == nil)
        let chosen = try options([
            "ui": .string("dialog"), "parent_window": .string("x11:3A00007"), "activation_token": .string("gnome-shell/1234"),
        ])
        #expect(chosen.userInterface == .dialog)
        #expect(chosen.parentWindow == .x11(0x3A00007))
        #expect(chosen.parentWindow?.text == "x11:3a00007")
        #expect(chosen.activationToken == "gnome-shell/1234")
        #expect(try options(["parent_window": .string("wayland:AbC-123_x")]).parentWindow == .wayland("AbC-123_x"))
        // "" is no parent and no token, as the portal convention has it.
        #expect(try options(["parent_window": .string(""), "activation_token": .string("")]).parentWindow == nil)
    }

    @Test func knownKeysInDocumentedOrder() {
        #expect(PickerOptions.knownKeys == [
            "title", "step", "first", "last", "start", "end", "min_duration", "timeout", "timeout_extensions", "handle_token", "clock", "terminal",
            "ui", "parent_window", "activation_token", "locale", "overnight", "date", "time_zone",
        ])
    }

    @Test("locale: a locale name as glibc spells them, nothing that could be a path")
    func localeNames() throws {
        for name in ["de_DE.UTF-8", "C.UTF-8", "C", "sr_RS@latin", "en_US.utf8", "ar_EG.UTF-8"] {
            #expect(try options(["locale": .string(name)]).locale == name)
        }
        #expect(try options([:]).locale == nil)
        for bad in ["", "../de", "/usr/lib/locale/de", "de DE", "1de", String(repeating: "a", count: 65), "de_DE.UTF-8\n"] {
            #expect(throws: OptionError.self, "\(bad)") { try options(["locale": .string(bad)]) }
        }
    }
}
