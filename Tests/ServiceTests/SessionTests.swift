import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Sessions from the caller's side: options, handles, late replies, Cancel, timeouts, limits.
@Suite("Sessions")
struct SessionTests {
    @Test("handle_token makes the session path predictable; a token in use is refused")
    func handleToken() throws {
        let fixture = try Fixture()
        let expected = "/io/github/timepickerd/TimePicker1/session/\(fixture.client.senderElement)/meeting_1"
        #expect(try fixture.client.showTimePicker(["handle_token": .string("meeting_1")]).rawValue == expected)
        let again = dbusError { _ = try fixture.client.showTimePicker(["handle_token": .string("meeting_1")]) }
        #expect(again?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(again?.message.contains("handle_token") == true)
        // Another caller may use the same token: its sessions live under its own name.
        let other = try fixture.newClient()
        #expect(try other.showTimePicker(["handle_token": .string("meeting_1")]).rawValue.hasSuffix("/\(other.senderElement)/meeting_1"))
    }

    @Test("Bad options are refused with InvalidArgs naming the key", arguments: [
        ("step", DBusValue.uint32(7), "must divide 1440"),
        ("step", .string("60"), "type 'u'"),
        ("title", .string(String(repeating: "x", count: 201)), "at most 200"),
        ("first", .string("25:00"), "HH:MM"),
        ("start", .string("01:30"), "not a slot"),
        ("clock", .string("13h"), "'12h' or '24h'"),
        ("handle_token", .string("a-b"), "letters, digits"),
        ("timeout", .int32(5), "type 'u'"),
        ("timeout_extensions", .uint32(2), "needs a timeout to extend"),
        ("colour", .string("red"), "unknown option"),
    ])
    func badOptions(key: String, value: DBusValue, reason: String) throws {
        let fixture = try Fixture()
        let error = dbusError { _ = try fixture.client.showTimePicker([key: value]) }
        #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(error?.message.contains("'\(key)'") == true, "message: \(error?.message ?? "")")
        #expect(error?.message.contains(reason) == true, "message: \(error?.message ?? "")")
    }

    @Test("Dates and zones are checked by the daemon against the calendar and the system's zone database", arguments: [
        (["date": DBusValue.string("2026-02-30")], "date", "month 2 of 2026 has 28 days"),
        (["date": .string("28.03.2026")], "date", "YYYY-MM-DD"),
        (["time_zone": .string("Europe/Berln")], "time_zone", "zone database"),
        (["time_zone": .string("../../etc/passwd")], "time_zone", "zone database"),
        (["overnight": .string("yes")], "overnight", "type 'b'"),
        (["timeout": .uint32(60), "timeout_extensions": .uint32(101)], "timeout_extensions", "at most 100"),
        (["timeout": .uint32(0), "timeout_extensions": .uint32(1)], "timeout_extensions", "needs a timeout to extend"),
        // The spring-forward day in Berlin has no 02:30: the clocks go from 02:00 to 03:00.
        (["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "start": .string("02:30")],
         "start", "does not exist on 2026-03-29 in Europe/Berlin"),
        // Overnight too: a start is on the picker's day, where 02:30 is skipped (it was found the
        // next day and refused as '24:00').
        (["date": .string("2026-03-29"), "time_zone": .string("Europe/Berlin"), "step": .uint32(30), "overnight": .boolean(true),
          "start": .string("02:30")],
         "start", "'02:30' does not exist on 2026-03-29 in Europe/Berlin"),
    ])
    func badDatesAndZones(options: [String: DBusValue], key: String, reason: String) throws {
        let fixture = try Fixture()
        let error = dbusError { _ = try fixture.client.showTimePicker(options) }
        #expect(error?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(error?.message.contains("'\(key)'") == true, "message: \(error?.message ?? "")")
        #expect(error?.message.contains(reason) == true, "message: \(error?.message ?? "")")
    }

    @Test("PickTimeRange answers with the selection once the person chooses")
    func pickTimeRangeSelected() throws {
        let fixture = try Fixture()
        let serial = try fixture.client.startCall("PickTimeRange", [.vardict(["start": .string("09:00"), "min_duration": .uint32(120)])])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Selected: 09:00 – 11:00")
        screen.type(Keys.tab + "j" + Keys.enter)
        let reply = try fixture.client.waitForReply(to: serial)
        #expect(reply.kind == .methodReturn)
        #expect(reply.strings == ["09:00", "12:00"])
    }

    @Test("PickTimeRange cancelled by the person answers the Cancelled error with reason 'user'")
    func pickTimeRangeCancelled() throws {
        let fixture = try Fixture()
        let serial = try fixture.client.startCall("PickTimeRange", [.vardict([:])])
        let screen = try fixture.screen
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type("q")
        let reply = try fixture.client.waitForReply(to: serial)
        #expect(reply.errorName == "io.github.timepickerd.TimePicker1.Error.Cancelled")
        #expect(reply.errorMessage == "user")
    }

    @Test("Cancel() by the creator ends the session with 'caller'")
    func cancelByCreator() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker()
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
        try waitUntil("the terminal back in line mode") { try fixture.screen.isCooked }
    }

    @Test("Cancel() from another connection of the same user is allowed")
    func cancelBySameUser() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker()
        let other = try fixture.newClient()
        _ = try other.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["caller"])
    }

    @Test("Cancel() from another Unix user is refused with AccessDenied", .actsAsOtherUser)
    func cancelByOtherUser() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker()
        let directory = try makeTemporaryDirectory(prefix: "other")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gdbus = try CapturedCommand.run(
            OtherUser.launcher[0],
            OtherUser.launcher.dropFirst() + ["/usr/bin/gdbus", "call", "--address", fixture.bus.address,
             "--dest", "io.github.timepickerd.TimePicker1", "--object-path", handle.rawValue,
             "--method", "io.github.timepickerd.TimePicker1.Session.Cancel"],
            environment: ProcessInfo.processInfo.environment, directory: directory)
        #expect(gdbus.termination == .exited(1))
        #expect(gdbus.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "gdbus said: \(gdbus.stderr)")
        #expect(gdbus.stderr.contains("serves its own user (uid \(getuid())) only"), "gdbus said: \(gdbus.stderr)")
        // The session is still there and still shown.
        #expect(try fixture.client.property("Start", path: handle, interface: BusClient.sessionInterface) == .string("01:00"))
        #expect(fixture.client.receivedSignals("Cancelled").isEmpty)
    }

    @Test("The timeout option ends the session with 'timeout'")
    func timeout() throws {
        let fixture = try Fixture()
        let handle = try fixture.client.showTimePicker(["timeout": .uint32(1)])
        try fixture.screen.waitForScreen(containing: "Select start and end time")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle, seconds: 15).strings == ["timeout"])
        try waitUntil("the terminal back in line mode") { try fixture.screen.isCooked }
    }

    @Test("At most 16 open sessions per caller and 256 in all: LimitsExceeded")
    func limits() throws {
        let fixture = try Fixture()
        for _ in 0..<16 { _ = try fixture.client.showTimePicker() }
        let perCaller = dbusError { _ = try fixture.client.showTimePicker() }
        #expect(perCaller?.name == "io.github.timepickerd.TimePicker1.Error.LimitsExceeded")
        #expect(perCaller?.message.contains("16") == true)

        var clients: [BusClient] = []
        for _ in 0..<15 {
            let client = try BusClient(bus: fixture.bus)
            for _ in 0..<16 { _ = try client.showTimePicker() }
            clients.append(client)
        }
        let last = try BusClient(bus: fixture.bus)
        let inAll = dbusError { _ = try last.showTimePicker() }
        #expect(inAll?.name == "io.github.timepickerd.TimePicker1.Error.LimitsExceeded")
        #expect(inAll?.message.contains("256") == true)

        // A session ending makes room again.
        try fixture.screen.waitForScreen(containing: "255 more pickers waiting")
        try fixture.screen.type("q")
        try waitUntil("room for one more session") { (try? last.showTimePicker()) != nil }
    }
}
