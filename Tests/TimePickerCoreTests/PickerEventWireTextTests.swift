import Testing
import TimePickerCore

@Suite("PickerEvent wire text")
struct PickerEventWireTextTests {
    static let events: [(PickerEvent, String)] = [
        (.move(by: -1), "move -1"), (.move(by: 12), "move 12"), (.moveByHour(1), "hour 1"), (.moveByHour(-3), "hour -3"),
        (.moveToFirst, "first"), (.moveToLast, "last"), (.switchFocus, "switch"),
        (.focus(.start), "focus start"), (.focus(.end), "focus end"),
        (.set(.start, slot("09:00")), "set start 09:00"), (.set(.end, slot("24:00")), "set end 24:00"),
        (.extendTime, "extend"), (.confirm, "confirm"), (.cancel, "cancel"),
    ]

    @Test(arguments: events)
    func roundTrips(event: PickerEvent, text: String) {
        #expect(event.wireText == text)
        #expect(PickerEvent(wireText: text) == event)
    }

    @Test(arguments: [
        "", " ", "move", "move x", "move +1", "move 1 2", "move --1", "move 99999999999999999999", "hour", "first ",
        " confirm", "CONFIRM", "focus middle", "set start 9:00", "set start 48:01", "set start 49:00", "set start 09:00+1:00", "set middle 09:00",
        "set start", String(repeating: "move 1", count: 20),
    ])
    func refusesAnythingElse(text: String) {
        #expect(PickerEvent(wireText: text) == nil)
    }
}

extension PickerEventWireTextTests {
    @Test("Typing events travel too", arguments: [(PickerEvent.type("9"), "type 9"), (.type("p"), "type p"), (.type(":"), "type :"), (.erase, "erase"), (.finishTyping, "finish")])
    func typing(event: PickerEvent, text: String) {
        #expect(event.wireText == text)
        #expect(PickerEvent(wireText: text) == event)
    }

    @Test(arguments: ["type", "type x", "type 99", "type  ", "erase 1"])
    func refusesBadTyping(text: String) {
        #expect(PickerEvent(wireText: text) == nil)
    }
}
