@testable import DialogBackend
import Testing
import TimePickerCore

@Suite("ShowPicker options and Update state")
struct DialogRequestTests {
    @Test("Defaults: the daemon's, with the focus on Start and no countdown")
    func defaults() throws {
        let request = try DialogRequest(options: [:], defaultClock: .twentyFourHour)
        #expect(request.heading == "Select start and end time")
        #expect(request.state.model.start.busText == "01:00")
        #expect(request.state.model.end.busText == "02:00")
        #expect(request.state.model.focus == .start)
        #expect(request.state.secondsLeft == 0)
        #expect(request.activationToken == nil)
        #expect(request.options.clock == .twentyFourHour)
    }

    @Test("Every option is read; unknown keys and the daemon's own keys are ignored")
    func options() throws {
        let request = try DialogRequest(
            options: [
                "title": .string("Lunch"), "step": .uint32(15), "first": .string("11:00"), "last": .string("15:00"),
                "min_duration": .uint32(30), "clock": .string("12h"), "start": .string("12:00"), "end": .string("13:00"),
                "focus": .string("end"), "timeout": .uint32(90), "activation_token": .string("token_1"),
                "handle_token": .string("x"), "terminal": .other(signature: "h"), "future": .other(signature: "as"),
            ],
            defaultClock: .twentyFourHour)
        #expect(request.heading == "Lunch")
        #expect(request.options.grid.step == 15)
        #expect(request.state.model.validStarts.first?.busText == "11:00")
        #expect(request.state.model.validEnds.first?.busText == "12:30")
        #expect(request.state.model.validEnds.last?.busText == "15:00")
        #expect(request.state.model.focus == .end)
        #expect(request.state.secondsLeft == 90)
        #expect(request.activationToken == "token_1")
        #expect(request.options.clock == .twelveHour)
    }

    @Test("A bad value is refused with a message naming its key", arguments: [
        ("step", OptionValue.uint32(7)), ("start", .string("9")), ("end", .string("00:30")), ("clock", .string("13h")),
        ("focus", .string("middle")), ("title", .uint32(3)), ("timeout", .string("soon")),
        ("activation_token", .string(String(repeating: "t", count: 5000))), ("min_duration", .uint32(2000)),
    ])
    func badValues(key: String, value: OptionValue) {
        #expect {
            _ = try DialogRequest(options: [key: value], defaultClock: .twentyFourHour)
        } throws: { error in
            (error as? OptionError)?.key == key && (error as? OptionError)?.message.hasPrefix("option '\(key)'") == true
        }
    }

    @Test("Update replaces what it holds and keeps the rest")
    func update() throws {
        let request = try DialogRequest(options: ["min_duration": .uint32(60), "timeout": .uint32(30)], defaultClock: .twentyFourHour)
        let moved = try request.state.updated(with: ["start": .string("05:00"), "end": .string("08:00"), "unknown": .uint32(1)])
        #expect(moved.model.start.busText == "05:00")
        #expect(moved.model.end.busText == "08:00")
        #expect(moved.model.focus == .start)
        #expect(moved.secondsLeft == 30)
        let focused = try moved.updated(with: ["focus": .string("end"), "timeout": .uint32(12)])
        #expect(focused.model.focus == .end)
        #expect(focused.model.start.busText == "05:00")
        #expect(focused.secondsLeft == 12)
        #expect(focused.typed == "")
        let typing = try focused.updated(with: ["typed": .string("93")])
        #expect(typing.typed == "93")
        #expect(try typing.updated(with: ["timeout": .uint32(3)]).typed == "93", "a missing key leaves it")
        #expect(try typing.updated(with: ["typed": .string("")]).typed == "")
    }

    @Test("Update refuses a state the daemon could not have: the key is named", arguments: [
        ("end", OptionValue.string("05:30")), ("start", .string("24:00")), ("start", .string("05:30")),
        ("focus", .string("both")), ("timeout", .string("x")), ("end", .string("25:00")),
        ("typed", .string("<b>9</b>")), ("typed", .string("12345678")), ("typed", .uint32(9)),
    ])
    func badUpdates(key: String, value: OptionValue) throws {
        let state = try DialogRequest(
            options: ["min_duration": .uint32(60), "start": .string("05:00"), "end": .string("06:00")], defaultClock: .twentyFourHour
        ).state
        #expect {
            _ = try state.updated(with: [key: value])
        } throws: { error in
            (error as? OptionError)?.key == key
        }
    }
}
