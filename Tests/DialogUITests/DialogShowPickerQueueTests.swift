import DBusKit
import Testing
import TimePickerCore

/// How many ShowPicker calls wait on the backend, and which sessions it never hears of.
@Suite("Dialog front end: ShowPicker calls out and waiting")
struct DialogShowPickerQueueTests {
    @Test("At most four ShowPicker the backend has not taken: the rest wait in order and go as it takes or answers them")
    func atMostFourInFlight() throws {
        let bench = DialogBench()
        bench.answersVersion = false
        let backend = bench.startBackend()
        try bench.show(1...6)
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4])
        #expect(bench.calls("ShowPicker").allSatisfy { $0.destination == backend }, "sent to the process that owns the name")
        let probes = bench.calls("Get")
        try #require(probes.count == 4)
        for probe in probes {
            #expect(probe.destination == backend)
            #expect(probe.interface == "org.freedesktop.DBus.Properties")
            #expect(try probe.arguments() == [.string("io.github.timepickerd.impl.TimePicker1"), .string("Version")])
        }

        // Taken: one more goes.
        bench.take(probes[2], from: backend)
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4, 5])
        // Answered before it was known to be taken: the last one goes.
        bench.end(try bench.call("ShowPicker", 0), from: backend, response: 1)
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4, 5, 6])
        #expect(bench.delegate.reports == [.event(session(1), .cancel)])
    }

    @Test("A session withdrawn while it waits is never sent; one withdrawn after its ShowPicker gets Close, and counts until taken")
    func withdrawn() throws {
        let bench = DialogBench()
        bench.answersVersion = false
        let backend = bench.startBackend()
        try bench.show(1...6)
        bench.run()
        let firstShowPicker = try #require(bench.calls("ShowPicker").first)

        bench.frontEnd.withdraw(session(5))
        bench.frontEnd.withdraw(session(1))
        bench.run()
        let closes = bench.calls("Close")
        #expect(closes.map(DialogBench.handle(of:)) == [DialogBench.handle(of: firstShowPicker)])
        #expect(closes.first?.destination == backend)
        #expect(!bench.bus.unanswered.contains { $0 === firstShowPicker }, "the withdrawn session's ShowPicker was not given up")
        #expect(bench.shownSessions == [1, 2, 3, 4], "a withdrawn session's untaken ShowPicker stopped counting")

        bench.take(try bench.call("Get", 0), from: backend)
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4, 6])
        #expect(bench.calls("Close").count == 1, "a session never sent was closed")
        #expect(bench.delegate.reports.isEmpty)
    }

    @Test("Shutdown closes every dialog sent, never sends those waiting, and is done once the backend answered")
    func shutdown() throws {
        let bench = DialogBench()
        bench.answersVersion = false
        let backend = bench.startBackend()
        try bench.show(1...6)
        bench.run()
        var done = 0
        bench.frontEnd.shutdown { done += 1 }
        #expect(done == 0, "done before the backend answered Close")
        bench.run()
        #expect(done == 1)
        #expect(Set(bench.calls("Close").compactMap(DialogBench.handle(of:))) == Set(bench.calls("ShowPicker").compactMap(DialogBench.handle(of:))))
        for probe in bench.calls("Get") { bench.take(probe, from: backend) }
        bench.run()
        #expect(bench.shownSessions == [1, 2, 3, 4])
        #expect(bench.delegate.reports.isEmpty)
    }
}
