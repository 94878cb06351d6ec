import DBusKit
import Foundation
import TestHarness
import Testing

/// The session's Response signal from the real daemon, as a caller subscribed to its sessions
/// receives it: before Selected or Cancelled on the same connection, with every key and type.
@Suite("Response signal")
struct ResponseSignalTests {
    @Test("Chosen: Response 0 with start, end, next_day and duration, then Selected with the same times")
    func chosen() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "step": .uint32(30), "first": .string("09:00"), "last": .string("12:00"), "start": .string("09:00"), "end": .string("10:00"),
        ])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Selected: 09:00 – 10:00")
        // The end one slot later, then OK.
        screen.type(Keys.tab + "j" + Keys.enter)
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle)
        #expect(outcome.member == "Selected")
        #expect(outcome.strings == ["09:00", "10:30"])
        try expectResponse(response, code: 0, results: [
            "start": .string("09:00"), "end": .string("10:30"), "next_day": .boolean(false), "duration": .uint32(5400),
        ])
    }

    @Test("Cancelled by the person: Response 1 with the selection last shown and reason 'user', then Cancelled")
    func personCancels() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker(["step": .uint32(30), "start": .string("09:00"), "end": .string("10:00")])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Selected: 09:00 – 10:00")
        // The start one slot later (the end keeps the length), then q.
        screen.type("j")
        try screen.waitForScreen(containing: "Selected: 09:30 – 10:30")
        screen.type("q")
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle)
        #expect(outcome.member == "Cancelled")
        #expect(outcome.strings == ["user"])
        try expectResponse(response, code: 1, results: [
            "start": .string("09:30"), "end": .string("10:30"), "next_day": .boolean(false), "duration": .uint32(3600),
            "reason": .string("user"),
        ])
    }

    @Test("date 'tomorrow', as timepickerctl --date takes it, is the next day in the session's zone at the call", arguments: ["tomorrow", "TODAY"])
    func relativeDate(word: String) throws {
        let fixture = try Fixture()
        let before = Date()
        let handle = try fixture.client.showTimePicker(["date": .string(word), "time_zone": .string("Pacific/Kiritimati")])
        let after = Date()
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Select start and end time · ")
        screen.type(Keys.enter)
        let (response, _) = try endingSignals(of: fixture.client, on: handle)
        let results = try #require(try response.arguments().last?.stringKeyedEntries)
        let date = results.first { $0.key == "date" }?.value
        let plus = word == "tomorrow" ? 1 : 0
        let days = try [before, after].map { DBusValue.variant(.string(try ClientDatedPickTests.day(in: "Pacific/Kiritimati", at: $0, plus: plus))) }
        #expect(date.map(days.contains) == true, "date \(date.map { "\($0)" } ?? "missing"), expected one of \(days)")
    }

    @Test("Timed out: Response 2 with the selection shown and reason 'timeout', then Cancelled")
    func timedOut() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "timeout": .uint32(1), "step": .uint32(15), "start": .string("13:15"), "min_duration": .uint32(45),
        ])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle, seconds: 15)
        #expect(outcome.member == "Cancelled")
        #expect(outcome.strings == ["timeout"])
        try expectResponse(response, code: 2, results: [
            "start": .string("13:15"), "end": .string("14:00"), "next_day": .boolean(false), "duration": .uint32(2700),
            "reason": .string("timeout"),
        ])
    }

    @Test("Dated and overnight: Response 0 says the next day, the date, both instants with their offsets and the zone")
    func datedOvernight() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("UTC"),
            "step": .uint32(30), "first": .string("18:00"), "last": .string("12:00"), "start": .string("22:00"), "end": .string("06:00"),
        ])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        try fixture.screen.type(Keys.enter)
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle)
        // Selected keeps HH:MM: the day is Response's to tell.
        #expect(outcome.member == "Selected")
        #expect(outcome.strings == ["22:00", "06:00"])
        try expectResponse(response, code: 0, results: [
            "start": .string("22:00"), "end": .string("06:00"), "next_day": .boolean(true), "duration": .uint32(28_800),
            "date": .string("2026-03-28"), "start_time": .string("2026-03-28T22:00:00+00:00"),
            "end_time": .string("2026-03-29T06:00:00+00:00"), "time_zone": .string("UTC"),
        ])
    }

    @Test("The spring-forward night in Europe/Berlin: 22:00 to 06:00 is 7 hours, each end with its own offset")
    func springForwardNight() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker([
            "overnight": .boolean(true), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"),
            "step": .uint32(30), "first": .string("18:00"), "last": .string("12:00"), "start": .string("22:00"), "end": .string("06:00"),
        ])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        try fixture.screen.type(Keys.enter)
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle)
        #expect(outcome.strings == ["22:00", "06:00"])
        try expectResponse(response, code: 0, results: [
            "start": .string("22:00"), "end": .string("06:00"), "next_day": .boolean(true), "duration": .uint32(25_200),
            "date": .string("2026-03-28"), "start_time": .string("2026-03-28T22:00:00+01:00"),
            "end_time": .string("2026-03-29T06:00:00+02:00"), "time_zone": .string("Europe/Berlin"),
        ])
    }

    @Test("The fall-back day in Europe/Berlin: from the first 02:30 to the second 02:00, half an hour later, by their offsets")
    func fallBackHour() throws {
        let fixture = try Fixture()
        // Slots 01:00, 01:30, 02:00+02, 02:30+02, 02:00+01, 02:30+01, 03:00: the end after the
        // first 02:30 is the second 02:00.
        let handle = try fixture.client.showTimePicker([
            "date": .string("2026-10-25"), "time_zone": .string("Europe/Berlin"),
            "step": .uint32(30), "first": .string("01:00"), "last": .string("04:00"), "start": .string("02:30"),
        ])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        try fixture.screen.type(Keys.enter)
        let (response, outcome) = try endingSignals(of: fixture.client, on: handle)
        #expect(outcome.strings == ["02:30", "02:00"])
        try expectResponse(response, code: 0, results: [
            "start": .string("02:30"), "end": .string("02:00"), "next_day": .boolean(false), "duration": .uint32(1800),
            "date": .string("2026-10-25"), "start_time": .string("2026-10-25T02:30:00+02:00"),
            "end_time": .string("2026-10-25T02:00:00+01:00"), "time_zone": .string("Europe/Berlin"),
        ])
    }

    @Test("Cancel(): Response 2 with reason 'caller' and Cancelled, both before Cancel's answer")
    func cancelCall() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker(["start": .string("20:00"), "end": .string("24:00")])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        let serial = try fixture.client.startCall("Cancel", path: handle, interface: BusClient.sessionInterface)
        let first = try fixture.client.waitForMessage(seconds: 10, "Response, Cancelled or Cancel's answer") {
            $0.kind == .signal && $0.path == handle && ["Response", "Cancelled"].contains($0.member?.rawValue ?? "")
                || $0.replySerial == serial
        }
        #expect(first.member == "Response", "first came \(first.member?.rawValue ?? "the answer to Cancel")")
        let second = try fixture.client.waitForMessage(seconds: 10, "Cancelled or Cancel's answer") {
            $0.kind == .signal && $0.path == handle && $0.member == "Cancelled" || $0.replySerial == serial
        }
        #expect(second.member == "Cancelled", "second came \(second.member?.rawValue ?? "the answer to Cancel")")
        #expect(try fixture.client.waitForReply(to: serial).kind == .methodReturn)
        // 24:00 ends the picker's day: it is not the next day's.
        try expectResponse(first, code: 2, results: [
            "start": .string("20:00"), "end": .string("24:00"), "next_day": .boolean(false), "duration": .uint32(14_400),
            "reason": .string("caller"),
        ])
    }

    /// The session's Response and then its Selected or Cancelled, as `client` received them:
    /// the first of the three to arrive must be Response, the next the outcome.
    private func endingSignals(
        of client: BusClient, on path: ObjectPath, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (response: DBusMessage, outcome: DBusMessage) {
        let ending: (DBusMessage) -> Bool = {
            $0.kind == .signal && $0.path == path && $0.interface == BusClient.sessionInterface
                && ["Response", "Selected", "Cancelled"].contains($0.member?.rawValue ?? "")
        }
        let first = try client.waitForMessage(seconds: seconds, "the session's Response, Selected or Cancelled", where: ending)
        try #require(first.member == "Response", "\(first.member?.rawValue ?? "?") came before Response", sourceLocation: sourceLocation)
        let second = try client.waitForMessage(seconds: seconds, "the session's Selected or Cancelled", where: ending)
        try #require(second.member != "Response", "Response came twice", sourceLocation: sourceLocation)
        return (first, second)
    }

    /// `response` is `(u code, a{sv} results)` with exactly `results`' keys, each once, each of
    /// its value's type.
    private func expectResponse(
        _ response: DBusMessage, code: UInt32, results: [String: DBusValue], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.signature == "ua{sv}", sourceLocation: sourceLocation)
        let arguments = try response.arguments()
        #expect(arguments.first == .uint32(code), sourceLocation: sourceLocation)
        let entries = try #require(arguments.last?.stringKeyedEntries, sourceLocation: sourceLocation)
        #expect(entries.count == Set(entries.map(\.key)).count, "a key twice: \(entries.map(\.key))", sourceLocation: sourceLocation)
        let received = Dictionary(entries, uniquingKeysWith: { first, _ in first })
        #expect(received == results.mapValues { .variant($0) }, sourceLocation: sourceLocation)
    }
}
