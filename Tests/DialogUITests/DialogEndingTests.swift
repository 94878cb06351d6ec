import DBusKit
import Testing
import TimePickerCore

/// How ShowPicker's late reply ends a session.
@Suite("Dialog front end: how a dialog ends")
struct DialogEndingTests {
    @Test("OK reports the selection the person saw, then confirm; nothing more goes to the backend for it")
    func accepted() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        fixture.end(try fixture.call("ShowPicker", 0), from: backend, response: 0, results: ["start": .string("10:00"), "end": .string("11:00")])
        fixture.run()
        #expect(fixture.delegate.reports == [
            .event(session(1), .set(.start, time("10:00"))), .event(session(1), .set(.end, time("11:00"))), .event(session(1), .confirm),
        ])
        fixture.frontEnd.update(session(1), try DialogFixture.state(after: [.move(by: 2)]))
        fixture.frontEnd.withdraw(session(1))
        fixture.run()
        #expect(fixture.calls("Update").isEmpty)
        #expect(fixture.calls("Close").isEmpty, "a dialog that ended itself was closed")
    }

    @Test("OK with no selection the dialog could show ends the session as unavailable, selecting nothing", arguments: [
        ["start": DBusValue.string("10:00")],
        ["start": .string("11:00"), "end": .string("10:00")],
        ["start": .string("ten"), "end": .string("11:00")],
        ["start": .uint32(600), "end": .string("11:00")],
        ["start": .string("10:00"), "end": .string("11:00:00")],
    ])
    func acceptedWithoutSelection(results: [String: DBusValue]) throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        fixture.end(try fixture.call("ShowPicker", 0), from: backend, response: 0, results: results)
        fixture.run()
        #expect(fixture.delegate.reports == [.cannotShow(session(1), .unavailable)])
        #expect(fixture.delegate.messages.first?.contains("no selection the dialog could show") == true, "\(fixture.delegate.messages)")
    }

    @Test("Cancelled reports cancel; ended otherwise hands the session back unseen, saying why")
    func cancelledOrNeverShown() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...2)
        fixture.run()
        let showPickers = fixture.calls("ShowPicker")
        try #require(showPickers.count == 2)
        fixture.end(showPickers[0], from: backend, response: 1)
        fixture.end(showPickers[1], from: backend, response: 2, results: ["reason": .string("cannot open display")])
        fixture.run()
        #expect(fixture.delegate.reports == [.event(session(1), .cancel), .couldNotShow(session(2))])
        #expect(fixture.delegate.messages.first?.hasSuffix("showed no dialog: cannot open display") == true, "\(fixture.delegate.messages)")
    }

    @Test("A ShowPicker the backend refuses hands the session back unseen")
    func refused() throws {
        let fixture = DialogFixture()
        let backend = fixture.startBackend()
        try fixture.show(1...1)
        fixture.run()
        fixture.bus.reply(to: try fixture.call("ShowPicker", 0), from: backend, .error("org.freedesktop.DBus.Error.InvalidArgs", "no such option"))
        fixture.run()
        #expect(fixture.delegate.reports == [.couldNotShow(session(1))])
        #expect(fixture.delegate.messages.first?.contains("no such option") == true, "\(fixture.delegate.messages)")
    }
}
