import Testing
import TimePickerCore

/// One rejected option set and the error it must produce.
struct RejectedOptions: Sendable, CustomTestStringConvertible {
    let raw: [String: OptionValue]
    let key: String
    let message: String

    var testDescription: String { message }
}

private let knownList = "title, step, first, last, start, end, min_duration, timeout, timeout_extensions, handle_token, clock, terminal, ui, parent_window, activation_token, locale, overnight, date, time_zone"

@Suite("PickerOptions validation errors")
struct PickerOptionsErrorTests {
    @Test(arguments: [
        // Unknown keys, reported first and in sorted order.
        RejectedOptions(
            raw: ["colour": .string("red")], key: "colour",
            message: "option 'colour': unknown option; known options are \(knownList)"),
        RejectedOptions(
            raw: ["zeta": .uint32(1), "alpha": .uint32(1), "title": .string("x")], key: "alpha",
            message: "option 'alpha': unknown option; known options are \(knownList)"),
        RejectedOptions(
            raw: ["step": .string("60"), "zz": .uint32(1)], key: "zz",
            message: "option 'zz': unknown option; known options are \(knownList)"),
        RejectedOptions(
            raw: ["Title": .string("x")], key: "Title",
            message: "option 'Title': unknown option; known options are \(knownList)"),

        // Types, in knownKeys order, before any value check.
        RejectedOptions(
            raw: ["title": .uint32(1)], key: "title",
            message: "option 'title': must be of type 's' (string), got 'u'"),
        RejectedOptions(
            raw: ["step": .string("60")], key: "step",
            message: "option 'step': must be of type 'u' (uint32), got 's'"),
        RejectedOptions(
            raw: ["first": .other(signature: "i")], key: "first",
            message: "option 'first': must be of type 's' (string), got 'i'"),
        RejectedOptions(
            raw: ["timeout": .other(signature: "t")], key: "timeout",
            message: "option 'timeout': must be of type 'u' (uint32), got 't'"),
        RejectedOptions(
            raw: ["clock": .other(signature: "as"), "title": .other(signature: "v")], key: "title",
            message: "option 'title': must be of type 's' (string), got 'v'"),
        RejectedOptions(
            raw: ["step": .uint32(7), "clock": .uint32(12)], key: "clock",
            message: "option 'clock': must be of type 's' (string), got 'u'"),
        RejectedOptions(
            raw: ["terminal": .string("/dev/tty")], key: "terminal",
            message: "option 'terminal': must be of type 'h' (unix file descriptor), got 's'"),

        // title
        RejectedOptions(
            raw: ["title": .string(String(repeating: "x", count: 201))], key: "title",
            message: "option 'title': must be at most 200 characters (got 201)"),

        // step
        RejectedOptions(
            raw: ["step": .uint32(0)], key: "step", message: "option 'step': must be greater than 0 (got 0)"),
        RejectedOptions(
            raw: ["step": .uint32(7)], key: "step", message: "option 'step': must divide 1440 (got 7)"),
        RejectedOptions(
            raw: ["step": .uint32(2880)], key: "step", message: "option 'step': must divide 1440 (got 2880)"),
        RejectedOptions(
            raw: ["step": .uint32(.max)], key: "step", message: "option 'step': must divide 1440 (got 4294967295)"),

        // first / last
        RejectedOptions(
            raw: ["first": .string("25:00")], key: "first",
            message: "option 'first': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '25:00'"),
        RejectedOptions(
            raw: ["first": .string("9")], key: "first",
            message: "option 'first': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '9'"),
        RejectedOptions(
            raw: ["last": .string("24:01")], key: "last",
            message: "option 'last': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '24:01'"),
        RejectedOptions(
            raw: ["first": .string("10:00"), "last": .string("09:00")], key: "last",
            message: "option 'last': must not be earlier than first (10:00), got '09:00'; with overnight it may be on the next day"),
        RejectedOptions(
            raw: ["last": .string("23:30")], key: "last",
            message: "option 'last': '23:30' is not a slot: slots run every 60 minutes from 01:00"),
        RejectedOptions(
            raw: ["step": .uint32(90), "last": .string("24:00")], key: "last",
            message: "option 'last': '24:00' is not a slot: slots run every 90 minutes from 01:00"),

        // min_duration
        RejectedOptions(
            raw: ["min_duration": .uint32(1400)], key: "min_duration",
            message: "option 'min_duration': must not exceed the span from first to last (1380 minutes), got 1400"),
        RejectedOptions(
            raw: ["first": .string("09:00"), "last": .string("09:00"), "min_duration": .uint32(1)],
            key: "min_duration",
            message: "option 'min_duration': must not exceed the span from first to last (0 minutes), got 1"),
        RejectedOptions(
            raw: ["start": .string("23:00"), "min_duration": .uint32(120)], key: "min_duration",
            message: "option 'min_duration': too long for start: 23:00 plus 120 minutes is past the last slot (24:00)"),

        // start
        RejectedOptions(
            raw: ["start": .string("01:30")], key: "start",
            message: "option 'start': '01:30' is not a slot: slots run every 60 minutes from 01:00 to 24:00"),
        RejectedOptions(
            raw: ["start": .string("00:00")], key: "start",
            message: "option 'start': '00:00' is not a slot: slots run every 60 minutes from 01:00 to 24:00"),
        RejectedOptions(
            raw: ["step": .uint32(1), "first": .string("08:00"), "last": .string("08:10"), "start": .string("08:11")],
            key: "start",
            message: "option 'start': '08:11' is not a slot: slots run every 1 minute from 08:00 to 08:10"),
        RejectedOptions(
            raw: ["start": .string("1:0")], key: "start",
            message: "option 'start': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '1:0'"),

        // end
        RejectedOptions(
            raw: ["step": .uint32(30), "end": .string("10:15")], key: "end",
            message: "option 'end': '10:15' is not a slot: slots run every 30 minutes from 01:00 to 24:00"),
        RejectedOptions(
            raw: ["start": .string("10:00"), "end": .string("09:00")], key: "end",
            message: "option 'end': must not be earlier than start (10:00), got '09:00'"),
        RejectedOptions(
            raw: ["step": .uint32(15), "start": .string("10:00"), "end": .string("10:15"), "min_duration": .uint32(30)],
            key: "end",
            message: "option 'end': must not be earlier than start (10:00) plus min_duration (30 minutes), got '10:15'"),
        RejectedOptions(
            raw: ["end": .string("24:60")], key: "end",
            message: "option 'end': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '24:60'"),

        // timeout_extensions
        RejectedOptions(
            raw: ["timeout_extensions": .uint32(3)], key: "timeout_extensions",
            message: "option 'timeout_extensions': needs a timeout to extend, got 3 without one"),
        RejectedOptions(
            raw: ["timeout": .uint32(0), "timeout_extensions": .uint32(1)], key: "timeout_extensions",
            message: "option 'timeout_extensions': needs a timeout to extend, got 1 without one"),
        RejectedOptions(
            raw: ["timeout": .uint32(60), "timeout_extensions": .uint32(101)], key: "timeout_extensions",
            message: "option 'timeout_extensions': must be at most 100, got 101"),
        RejectedOptions(
            raw: ["timeout": .uint32(60), "timeout_extensions": .string("1")], key: "timeout_extensions",
            message: "option 'timeout_extensions': must be of type 'u' (uint32), got 's'"),

        // handle_token
        RejectedOptions(
            raw: ["handle_token": .string("")], key: "handle_token", message: "option 'handle_token': must not be empty"),
        RejectedOptions(
            raw: ["handle_token": .string("a-b")], key: "handle_token",
            message: "option 'handle_token': must contain only ASCII letters, digits and '_', got 'a-b'"),
        RejectedOptions(
            raw: ["handle_token": .string("café")], key: "handle_token",
            message: "option 'handle_token': must contain only ASCII letters, digits and '_', got 'café'"),
        RejectedOptions(
            raw: ["handle_token": .string(String(repeating: "a", count: 256))], key: "handle_token",
            message: "option 'handle_token': must be at most 255 characters (got 256)"),

        // clock
        RejectedOptions(
            raw: ["clock": .string("12")], key: "clock", message: "option 'clock': must be '12h' or '24h', got '12'"),
        RejectedOptions(
            raw: ["clock": .string("24H")], key: "clock", message: "option 'clock': must be '12h' or '24h', got '24H'"),

        // The user interface options.
        RejectedOptions(
            raw: ["ui": .string("window")], key: "ui",
            message: "option 'ui': must be one of 'dialog', 'notification', 'terminal', got 'window'"),
        RejectedOptions(
            raw: ["ui": .string("Dialog")], key: "ui",
            message: "option 'ui': must be one of 'dialog', 'notification', 'terminal', got 'Dialog'"),
        RejectedOptions(
            raw: ["parent_window": .string("x11:3a0000g")], key: "parent_window",
            message: "option 'parent_window': must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got 'x11:3a0000g'"),
        RejectedOptions(
            raw: ["parent_window": .string("x11:0")], key: "parent_window",
            message: "option 'parent_window': must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got 'x11:0'"),
        RejectedOptions(
            raw: ["parent_window": .string("x11:123456789")], key: "parent_window",
            message: "option 'parent_window': must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got 'x11:123456789'"),
        RejectedOptions(
            raw: ["parent_window": .string("wayland:a\nb")], key: "parent_window",
            message: "option 'parent_window': must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got 'wayland:a\\nb'"),
        RejectedOptions(
            raw: ["parent_window": .string("3a00007")], key: "parent_window",
            message: "option 'parent_window': must be 'x11:XID' (XID in hexadecimal), 'wayland:HANDLE' or '', got '3a00007'"),
        RejectedOptions(
            raw: ["activation_token": .string("two words")], key: "activation_token",
            message: "option 'activation_token': must be at most 256 printable ASCII characters without spaces, got 'two words'"),

        // Caller text is escaped and cut short in messages.
        RejectedOptions(
            raw: ["first": .string("a'b\n")], key: "first",
            message: #"option 'first': must be a time as HH:MM or H:MM, 00:00 to 24:00, got 'a\'b\n'"#),
        RejectedOptions(
            raw: ["first": .string(String(repeating: "x", count: 100))], key: "first",
            message: "option 'first': must be a time as HH:MM or H:MM, 00:00 to 24:00, got '"
                + String(repeating: "x", count: 40) + "…'"),
        RejectedOptions(
            raw: ["first": .string("e" + String(repeating: "\u{301}", count: 10_000) + "x")], key: "first",
            message: "option 'first': must be a time as HH:MM or H:MM, 00:00 to 24:00, got 'e"
                + String(repeating: "\u{301}", count: 159) + "…'"),
        RejectedOptions(
            raw: ["bad\nkey": .uint32(1)], key: "bad\nkey",
            message: #"option 'bad\nkey': unknown option; known options are "# + knownList),
    ])
    func rejects(_ rejected: RejectedOptions) {
        let error = #expect(throws: OptionError.self) {
            try PickerOptions(validating: rejected.raw, defaultClock: .twentyFourHour)
        }
        #expect(error?.key == rejected.key)
        #expect(error?.message == rejected.message)
    }

    @Test func sameInputGivesSameErrorEveryTime() {
        let raw: [String: OptionValue] = [
            "step": .uint32(7), "first": .string("x"), "last": .string("y"), "clock": .string("z"),
            "handle_token": .string(""), "title": .string(String(repeating: "t", count: 300)),
        ]
        for _ in 0..<20 {
            let error = #expect(throws: OptionError.self) {
                try PickerOptions(validating: raw, defaultClock: .twelveHour)
            }
            #expect(error?.key == "title")
        }
    }

    @Test func titleOfFewCharactersButManyCodePointsIsRefused() {
        let title = "a" + String(repeating: "\u{0301}", count: 3000)
        #expect(title.count == 1)
        let error = #expect(throws: OptionError.self) {
            try PickerOptions(validating: ["title": .string(title)], defaultClock: .twentyFourHour)
        }
        #expect(error?.key == "title")
        #expect(error?.message.contains("code points") == true)
    }

    @Test func terminalDescriptorPassesTypeCheckAndIsLeftToTheService() throws {
        let options = try PickerOptions(validating: ["terminal": .other(signature: "h")], defaultClock: .twentyFourHour)
        #expect(options.title == PickerOptions.defaultTitle)
    }

    @Test func messageIsBuiltFromKeyAndReason() {
        let error = OptionError(key: "step", reason: "must divide 1440 (got 7)")
        #expect(error.message == "option 'step': must divide 1440 (got 7)")
    }
}
