import Testing
import TimePickerCore

/// A model over validated options; the options literals in these tests are known-good.
private func model(_ raw: [String: OptionValue] = [:]) throws -> PickerModel {
    PickerModel(options: try options(raw))
}

extension PickerModel {
    /// Applies events that must not end the picker.
    mutating func applyAll(_ events: [PickerEvent]) {
        for event in events {
            let outcome = apply(event)
            #expect(outcome == nil, "\(event) unexpectedly ended the picker")
        }
    }

    /// "start-end", for compact expectations.
    var rangeText: String { "\(start)-\(end)" }
}

@Suite("PickerModel")
struct PickerModelTests {
    // MARK: The original's behaviour

    @Test func startsFromTheOptionsWithFocusOnStart() throws {
        let picker = try model()
        #expect(picker.rangeText == "01:00-02:00")
        #expect(picker.focus == .start)
        #expect(picker.startIndex == 0)
        #expect(picker.endIndex == 1)
        #expect(picker.validStarts.count == 24)
        #expect(picker.validEnds == picker.options.grid.slots)
    }

    /// Events from the default picker (01:00-02:00, hourly) and the range they lead to.
    @Test(arguments: [
        ([PickerEvent.move(by: 1)], "02:00-03:00"),  // the end moves with the start
        ([.move(by: 5)], "06:00-07:00"),
        ([.switchFocus, .move(by: 2)], "01:00-04:00"),
        ([.switchFocus, .move(by: 2), .switchFocus, .move(by: 1)], "02:00-05:00"),  // keeps 3 hours
        ([.switchFocus, .move(by: 2), .switchFocus, .move(by: 21)], "22:00-24:00"),  // end clamped at last
        ([.switchFocus, .move(by: 2), .switchFocus, .move(by: 21), .move(by: -1)], "21:00-23:00"),  // new duration kept
        ([.move(by: 100)], "24:00-24:00"),  // start clamped, no wrap
        ([.move(by: -1)], "01:00-02:00"),  // no wrap backwards either
        ([.switchFocus, .move(by: -5)], "01:00-01:00"),  // end cannot go before start
        ([.switchFocus, .move(by: 100)], "01:00-24:00"),
        ([.move(by: 4), .switchFocus, .move(by: -1)], "05:00-05:00"),
        ([.move(by: 4), .switchFocus, .move(by: -1), .switchFocus, .move(by: -2)], "03:00-03:00"),
        ([.move(by: .max)], "24:00-24:00"),
        ([.move(by: .min)], "01:00-02:00"),
        ([.moveByHour(.max)], "24:00-24:00"),
        ([.moveByHour(.min)], "01:00-02:00"),
        ([.switchFocus, .moveByHour(3)], "01:00-05:00"),
    ])
    func originalHourlyPicker(events: [PickerEvent], range: String) throws {
        var picker = try model()
        picker.applyAll(events)
        #expect(picker.rangeText == range)
    }

    // MARK: min_duration

    @Test func minDurationKeepsTheEndAhead() throws {
        var picker = try model(["step": .uint32(15), "start": .string("10:00"), "min_duration": .uint32(45)])
        #expect(picker.rangeText == "10:00-10:45")
        #expect(picker.validEnds.first == slot("10:45"))
        #expect(picker.validEnds.last == slot("24:00"))
        #expect(picker.validStarts.first == slot("01:00"))
        #expect(picker.validStarts.last == slot("23:15"))

        picker.applyAll([.switchFocus, .move(by: -10)])
        #expect(picker.rangeText == "10:00-10:45")

        picker.applyAll([.switchFocus, .moveToLast])
        #expect(picker.rangeText == "23:15-24:00")

        picker.applyAll([.move(by: 1)])
        #expect(picker.rangeText == "23:15-24:00")
    }

    @Test func minDurationOffTheGridRoundsUpToASlot() throws {
        var picker = try model(["start": .string("10:00"), "min_duration": .uint32(30)])
        #expect(picker.rangeText == "10:00-11:00")
        #expect(picker.validEnds.first == slot("11:00"))
        #expect(picker.validStarts.last == slot("23:00"))  // 23:30 still fits before 24:00

        picker.applyAll([.focus(.end), .moveToFirst])
        #expect(picker.rangeText == "10:00-11:00")

        picker.applyAll([.focus(.start), .move(by: 20)])
        #expect(picker.rangeText == "23:00-24:00")
    }

    @Test func startDraggingTheEndClampsItToTheMinimum() throws {
        var picker = try model(["step": .uint32(30), "start": .string("09:00"), "end": .string("12:00"),
                                "min_duration": .uint32(60)])
        picker.applyAll([.move(by: 30)])  // 24:00 is past the last valid start, 23:00
        #expect(picker.rangeText == "23:00-24:00")
    }

    // MARK: moveByHour

    /// (step, hours, start after moveByHour from 01:00)
    @Test(arguments: [
        (15, 1, "02:00"), (15, 3, "04:00"), (15, -1, "01:00"),
        (30, 2, "03:00"), (60, 5, "06:00"), (90, 1, "02:30"), (5, 1, "02:00"),
        (15, 100, "24:00"),
    ] as [(UInt32, Int, String)])
    func moveByHourMovesSlotsPerHour(step: UInt32, hours: Int, start: String) throws {
        var picker = try model(["step": .uint32(step)])
        picker.applyAll([.moveByHour(hours)])
        #expect(picker.start == slot(start))
    }

    @Test func moveByHourWithStep15KeepsTheDuration() throws {
        var picker = try model(["step": .uint32(15)])
        #expect(picker.rangeText == "01:00-01:15")
        picker.applyAll([.moveByHour(2)])
        #expect(picker.rangeText == "03:00-03:15")
        picker.applyAll([.focus(.end), .moveByHour(1)])
        #expect(picker.rangeText == "03:00-04:15")
        picker.applyAll([.moveByHour(-5)])
        #expect(picker.rangeText == "03:00-03:00")
    }

    // MARK: moveToFirst / moveToLast

    /// From 10:00-12:00 with min_duration 60 on an hourly grid.
    @Test(arguments: [
        (PickerColumn.start, PickerEvent.moveToFirst, "01:00-03:00"),
        (.start, .moveToLast, "23:00-24:00"),
        (.end, .moveToFirst, "10:00-11:00"),
        (.end, .moveToLast, "10:00-24:00"),
    ])
    func moveToTheEndsOfAColumn(column: PickerColumn, event: PickerEvent, range: String) throws {
        var picker = try model(["start": .string("10:00"), "end": .string("12:00"), "min_duration": .uint32(60)])
        picker.applyAll([.focus(column), event])
        #expect(picker.rangeText == range)
        #expect(picker.focus == column)
    }

    // MARK: set

    /// From 05:00-06:00 with min_duration 60 on an hourly grid.
    @Test(arguments: [
        (PickerColumn.start, "08:00", "08:00-09:00"),
        (.start, "01:00", "01:00-02:00"),
        (.start, "23:00", "23:00-24:00"),
        (.start, "24:00", "05:00-06:00"),  // no end slot after it: ignored
        (.start, "08:30", "05:00-06:00"),  // not a slot: ignored
        (.start, "00:00", "05:00-06:00"),  // before the first slot: ignored
        (.end, "10:00", "05:00-10:00"),
        (.end, "06:00", "05:00-06:00"),
        (.end, "24:00", "05:00-24:00"),
        (.end, "05:00", "05:00-06:00"),  // shorter than min_duration: ignored
        (.end, "04:00", "05:00-06:00"),  // before start: ignored
        (.end, "10:30", "05:00-06:00"),  // not a slot: ignored
    ])
    func setSelectsValidValuesOnly(column: PickerColumn, value: String, range: String) throws {
        var picker = try model(["start": .string("05:00"), "min_duration": .uint32(60)])
        picker.applyAll([.set(column, slot(value))])
        #expect(picker.rangeText == range)
        #expect(picker.focus == .start)
    }

    @Test func setStartKeepsTheDuration() throws {
        var picker = try model(["start": .string("05:00"), "end": .string("08:00")])
        picker.applyAll([.set(.start, slot("10:00"))])
        #expect(picker.rangeText == "10:00-13:00")
        picker.applyAll([.set(.start, slot("22:00"))])
        #expect(picker.rangeText == "22:00-24:00")
    }

    // MARK: focus

    @Test func focusSwitchesAndIsSet() throws {
        var picker = try model()
        picker.applyAll([.switchFocus])
        #expect(picker.focus == .end)
        picker.applyAll([.switchFocus])
        #expect(picker.focus == .start)
        picker.applyAll([.focus(.end)])
        #expect(picker.focus == .end)
        picker.applyAll([.focus(.end)])
        #expect(picker.focus == .end)
        picker.applyAll([.focus(.start)])
        #expect(picker.focus == .start)
    }

    // MARK: outcomes

    @Test func confirmReturnsTheSelection() throws {
        var picker = try model()
        picker.applyAll([.move(by: 8), .switchFocus, .move(by: 2)])
        #expect(picker.apply(.confirm) == .selected(start: slot("09:00"), end: slot("12:00")))
        #expect(picker.rangeText == "09:00-12:00")
    }

    @Test func cancelReturnsUserCancel() throws {
        var picker = try model()
        picker.applyAll([.move(by: 3)])
        #expect(picker.apply(.cancel) == .cancelled(.user))
        #expect(picker.rangeText == "04:00-05:00")
    }

    // MARK: options edited after validation

    @Test func inconsistentOptionsAreClampedNotTrusted() throws {
        var edited = try options()
        edited.start = slot("00:30")  // before the first slot
        edited.end = slot("00:00")  // before start
        let picker = PickerModel(options: edited)
        #expect(picker.rangeText == "01:00-01:00")

        edited.minDuration = 10_000  // longer than the grid
        edited.start = slot("12:00")
        let squeezed = PickerModel(options: edited)
        #expect(squeezed.validStarts == [slot("01:00")])
        #expect(squeezed.validEnds == [slot("24:00")])
        #expect(squeezed.rangeText == "01:00-24:00")
    }
}
