import DBusKit
import Testing
import TimePickerCore

/// How ShowPicker's late reply ends a session.
@Suite("Dialog front end: how a dialog ends")
struct DialogEndingTests {
    @Test("OK reports the selection the person saw, then confirm; nothing more goes to the backend for it")
    func accepted() throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        bench.end(try bench.call("ShowPicker", 0), from: backend, response: 0, results: ["start": .string("10:00"), "end": .string("11:00")])
        bench.run()
        #expect(bench.delegate.reports == [
            .event(session(1), .set(.start, time("10:00"))), .event(session(1), .set(.end, time("11:00"))), .event(session(1), .confirm),
        ])
        bench.frontEnd.update(session(1), try DialogBench.state(after: [.move(by: 2)]))
        bench.frontEnd.withdraw(session(1))
        bench.run()
        #expect(bench.calls("Update").isEmpty)
        #expect(bench.calls("Close").isEmpty, "a dialog that ended itself was closed")
    }

    @Test("OK with no selection the dialog could show ends the session as unavailable, selecting nothing", arguments: [
        ["start": DBusValue.string("10:00")],
        ["start": .string("11:00"), "end": .string("10:00")],
        ["start": .string("ten"), "end": .string("11:00")],
        ["start": .uint32(600), "end": .string("11:00")],
        ["start": .string("10:00"), "end": .string("11:00:00")],
    ])
    func acceptedWithoutSelection(results: [String: DBusValue]) throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        bench.end(try bench.call("ShowPicker", 0), from: backend, response: 0, results: results)
        bench.run()
        #expect(bench.delegate.reports == [.cannotShow(session(1), .unavailable)])
        #expect(bench.delegate.messages.first?.contains("no selection the dialog could show") == true, "\(bench.delegate.messages)")
    }

    @Test("Cancelled reports cancel; ended otherwise hands the session back unseen, saying why")
    func cancelledOrNeverShown() throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...2)
        bench.run()
        let showPickers = bench.calls("ShowPicker")
        try #require(showPickers.count == 2)
        bench.end(showPickers[0], from: backend, response: 1)
        bench.end(showPickers[1], from: backend, response: 2, results: ["reason": .string("cannot open display")])
        bench.run()
        #expect(bench.delegate.reports == [.event(session(1), .cancel), .couldNotShow(session(2))])
        #expect(bench.delegate.messages.first?.hasSuffix("showed no dialog: cannot open display") == true, "\(bench.delegate.messages)")
    }

    @Test("A ShowPicker the backend refuses hands the session back unseen")
    func refused() throws {
        let bench = DialogBench()
        let backend = bench.startBackend()
        try bench.show(1...1)
        bench.run()
        bench.bus.reply(to: try bench.call("ShowPicker", 0), from: backend, .error("org.freedesktop.DBus.Error.InvalidArgs", "no such option"))
        bench.run()
        #expect(bench.delegate.reports == [.couldNotShow(session(1))])
        #expect(bench.delegate.messages.first?.contains("no such option") == true, "\(bench.delegate.messages)")
    }
}
