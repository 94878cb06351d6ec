import DialogBackend
import Testing
import TimePickerCore

/// The selection a dialog shows while the daemon catches up with the person's clicks.
@Suite("Shown selection")
struct ShownSelectionTests {
    private func state(_ start: String, _ end: String, focus: PickerColumn = .start) throws -> PickerState {
        let options = try PickerOptions(validating: ["step": .uint32(30)], defaultClock: .twentyFourHour)
        return PickerState(options: options, start: try #require(Slot(wireText: start)), end: try #require(Slot(wireText: end)), focus: focus)
    }

    private func pair(_ selection: ShownSelection) -> String {
        "\(selection.shown.start) \(selection.shown.end)"
    }

    @Test("A click shows at once; the Updates sent before the daemon heard of it do not take it back; the daemon's own catches up")
    func staleUpdatesWait() throws {
        var selection = ShownSelection(try state("09:00", "09:30"))
        #expect(selection.click(.end, try #require(Slot(wireText: "15:30"))))
        #expect(pair(selection) == "09:00 15:30" && selection.isAhead)
        // The daemon's answer to the focus event, from before the click's set.
        #expect(!selection.daemonSays(try state("09:00", "09:30", focus: .end)))
        #expect(pair(selection) == "09:00 15:30" && selection.shown.focus == .end)
        #expect(!selection.daemonSays(try state("09:00", "15:30", focus: .end)))
        #expect(!selection.isAhead)
    }

    @Test("A click on a start moves the end as the daemon will; two quick clicks wait for the second")
    func startClicksPredictTheEnd() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        #expect(selection.click(.start, try #require(Slot(wireText: "11:00"))))
        #expect(pair(selection) == "11:00 12:00")
        #expect(selection.click(.start, try #require(Slot(wireText: "12:00"))))
        #expect(pair(selection) == "12:00 13:00")
        // Both older selections are stale; the first click's answer is one of them.
        #expect(!selection.daemonSays(try state("09:00", "10:00")))
        #expect(!selection.daemonSays(try state("11:00", "12:00")))
        #expect(pair(selection) == "12:00 13:00" && selection.isAhead)
        #expect(!selection.daemonSays(try state("12:00", "13:00")))
        #expect(!selection.isAhead)
    }

    @Test("A selection the click never led to (the caller's Update) is drawn at once")
    func otherMovesWin() throws {
        var selection = ShownSelection(try state("09:00", "09:30"))
        #expect(selection.click(.end, try #require(Slot(wireText: "15:30"))))
        #expect(selection.daemonSays(try state("20:00", "23:00")))
        #expect(pair(selection) == "20:00 23:00" && !selection.isAhead)
    }

    @Test("A time the column cannot take is no click")
    func invalidClick() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        #expect(!selection.click(.end, try #require(Slot(wireText: "08:00"))))
        #expect(pair(selection) == "09:00 10:00" && !selection.isAhead)
    }

    // The daemon sends one Update at a time, the latest state once the one in flight is
    // answered: states in between are never sent.

    @Test("A click then Up: the daemon's only Update is the selection from before the click, and it is the daemon's truth")
    func keyAfterClickWithCoalescedUpdate() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        #expect(selection.click(.start, try #require(Slot(wireText: "09:30"))))
        #expect(pair(selection) == "09:30 10:30")
        // The dialog sends Up (.move(by: -1)) in the Start column; the daemon: set 09:30, then
        // move up: 09:00-10:00. Its Update for 09:30-10:30 was never sent (one in flight).
        selection.keyed(.start, .move(by: -1))
        selection.daemonSays(try state("09:00", "10:00"))
        #expect(pair(selection) == "09:00 10:00", "the person's Up is lost: the dialog shows the click, the daemon has 09:00")
        #expect(!selection.isAhead)
    }

    @Test("A click then typing that brings the daemon back to the selection the click replaced")
    func typingAfterClickWithCoalescedUpdate() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        #expect(selection.click(.start, try #require(Slot(wireText: "11:00"))))
        // Typed "9" in the Start column: the daemon goes from 11:00-12:00 to 09:00-10:00.
        selection.keyed(.start, .type("9"))
        selection.daemonSays(try state("09:00", "10:00"))
        #expect(pair(selection) == "09:00 10:00")
        #expect(!selection.isAhead)
    }

    @Test("Keys while no click is waiting change nothing shown: the daemon draws them")
    func keysWhenNotAhead() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        let changed = selection.keyed(.start, .move(by: 1))
        #expect(!changed)
        #expect(pair(selection) == "09:00 10:00" && !selection.isAhead)
    }

    @Test("A click then Down is shown at once, and the daemon's Updates on the way do not take it back")
    func moveAfterClickPredicted() throws {
        var selection = ShownSelection(try state("09:00", "10:00"))
        #expect(selection.click(.end, try #require(Slot(wireText: "12:00"))))
        let changed = selection.keyed(.end, .move(by: 1))
        #expect(changed)
        #expect(pair(selection) == "09:00 12:30")
        selection.daemonSays(try state("09:00", "10:00", focus: .end))
        selection.daemonSays(try state("09:00", "12:00", focus: .end))
        #expect(pair(selection) == "09:00 12:30" && selection.isAhead)
        selection.daemonSays(try state("09:00", "12:30", focus: .end))
        #expect(pair(selection) == "09:00 12:30")
        #expect(!selection.isAhead)
    }
}
