import Testing
import TerminalUI
import TimePickerCore

@Suite("Key bindings")
struct KeyBindingsTests {
    @Test("each bound key", arguments: [
        (Key.up, PickerEvent.move(by: -1)), (.character("k"), .move(by: -1)),
        (.down, .move(by: 1)), (.character("j"), .move(by: 1)),
        (.left, .focus(.start)), (.right, .focus(.end)),
        (.tab, .switchFocus), (.backTab, .switchFocus),
        (.pageUp, .moveByHour(-1)), (.pageDown, .moveByHour(1)),
        (.home, .moveToFirst), (.end, .moveToLast),
        (.enter, .confirm), (.escape, .cancel), (.character("q"), .cancel),
        (.character("+"), .extendTime),
        (.character("9"), .type("9")), (.character(":"), .type(":")), (.character("p"), .type("p")), (.backspace, .erase),
    ] as [(Key, PickerEvent)])
    func bound(key: Key, event: PickerEvent) {
        #expect(pickerEvent(for: key) == event)
    }

    @Test("unbound keys do nothing", arguments: [
        Key.other, .character("x"), .character("Q"), .character("K"), .character(" "), .character("é"),
    ])
    func unbound(key: Key) {
        #expect(pickerEvent(for: key) == nil)
    }

    @Test("Down moves the start later, Up earlier")
    func directions() throws {
        var picker = try model()
        let first = picker.start
        for key in [Key.down, .down, .up] {
            if let event = pickerEvent(for: key) { _ = picker.apply(event) }
        }
        #expect(picker.start.minutes == first.minutes + 60)
    }
}
