import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// The night shift of the README on the night of the spring change in Berlin, as each format
/// prints it: 22:00 CET to 06:00 CEST is 7 hours.
enum NightShift {
    static let iso = "2026-03-28T22:00:00+01:00 2026-03-29T06:00:00+02:00\n"
    static let epoch = "1774731600 1774756800\n"
    static let json = "{\"start\":\"22:00\",\"end\":\"06:00\",\"next_day\":true,\"duration\":25200,\"date\":\"2026-03-28\","
        + "\"start_time\":\"2026-03-28T22:00:00+01:00\",\"end_time\":\"2026-03-29T06:00:00+02:00\",\"time_zone\":\"Europe/Berlin\"}\n"
}

/// `timepickerctl pick` with ranges across midnight, on a day, in a zone (issue 26), through the
/// real daemon in the caller's terminal: what it prints in each `--format` and as JSON, and
/// whose `now` it is.
@Suite("timepickerctl pick: overnight, dated, in the caller's zone")
struct ClientDatedPickTests {
    /// The README's night shift, its command line as the README spells it.
    static func readmeNightShift() throws -> [String] {
        let readme = try String(contentsOfFile: RepositoryFiles.path("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "timepickerctl pick --overnight"))
        let end = try #require(readme.range(of: "--format iso8601", range: start.upperBound..<readme.endIndex))
        let words = readme[start.lowerBound..<end.upperBound].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" })
        return words.dropFirst().map(String.init)
    }

    @Test("The README's night shift picked in the caller's terminal, 22:00 to 06:00 the next day, in each format", arguments: [
        ([], NightShift.iso), (["--format", "epoch"], NightShift.epoch), (["--json"], NightShift.json),
        (["--format", "hm"], "22:00 06:00\n"),
    ] as [([String], String)])
    func nightShift(extra: [String], expected: String) throws {
        let arguments = try Self.readmeNightShift()
        #expect(arguments.first == "pick" && arguments.contains("--overnight"), "README: \(arguments)")
        // The daemon in UTC: the range's zone is the one the person named.
        let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: ["TZ": "UTC"])
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let client = try ClientOnTerminal(arguments + extra, on: fixture.bus, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        let ofClient = "/timepickerctl_\(client.process.pid)_"
        // Typed as a person would: 22 in Start, then 6 in End, which reads forward from 22:00.
        screen.type("22")
        let start = try fixture.client.waitForMessage(seconds: 10, "Start 22:00") {
            $0.member == "PropertiesChanged" && ($0.path?.rawValue.contains(ofClient) ?? false) && $0.changedProperties["Start"] == .string("22:00")
        }
        let path = try #require(start.path)
        screen.type(Keys.tab + "6")
        try fixture.client.waitForPropertiesChanged(on: path, ["End": "06:00"])
        screen.type(Keys.enter)
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        #expect(client.stdout == expected)
        #expect(screen.isCooked)
    }

    /// The minutes since midnight on the clocks of `zone` at `date`.
    static func minuteOfDay(in zone: String, at date: Date) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// `YYYY-MM-DD` on the calendar of `zone` at `date`, `days` later.
    static func day(in zone: String, at date: Date, plus days: Int = 0) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let shifted = try #require(calendar.date(byAdding: .day, value: days, to: date))
        let parts = calendar.dateComponents([.year, .month, .day], from: shifted)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// "HH:MM" of `minutes` since midnight.
    static func clockText(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    @Test("--start now is the client's now (its TZ), not the daemon's (UTC)", arguments: [
        ("Pacific/Kiritimati", false), ("America/New_York", false), ("Pacific/Kiritimati", true), ("America/New_York", true),
    ])
    func startNowInCallersZone(zone: String, dated: Bool) throws {
        // A dated picker's last start is 23:59 here: wait out the last minute of the zone's day.
        try waitUntil("the last minute of the day in \(zone) to pass", seconds: 70) { try Self.minuteOfDay(in: zone, at: Date()) < 23 * 60 + 59 }
        let fixture = try Fixture(arguments: ["--ui", "notification", "--verbose"], withTerminal: false, environment: ["TZ": "UTC"])
        let screen = try PseudoTerminal()
        defer { screen.close() }
        let before = Date()
        let client = try ClientOnTerminal(
            ["pick", "--start", "now", "--first", "00:00", "--step", "1"] + (dated ? ["--format", "iso8601"] : []),
            environment: fixture.bus.environment.merging(["TZ": zone]) { $1 }, directory: fixture.bus.directory, screen: screen)
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type(Keys.enter)
        #expect(try client.waitForExit() == .exited(0), "terminal: \(client.terminalText)")
        let after = Date()
        let start = try #require(client.stdout.split(separator: " ").first.map(String.init))
        // Undated, the slot of the present minute; dated, the first at or after the present instant.
        let earliest = try Self.minuteOfDay(in: zone, at: before)
        let latest = try Self.minuteOfDay(in: zone, at: after) + (dated ? 1 : 0)
        let allowed = (earliest...max(earliest, latest)).map(Self.clockText)
        if dated {
            let offset = zone == "Pacific/Kiritimati" ? "+14:00" : (TimeZone(identifier: zone)!.isDaylightSavingTime(for: before) ? "-04:00" : "-05:00")
            let today = try Self.day(in: zone, at: before)
            #expect(allowed.contains { start == "\(today)T\($0):00\(offset)" }, "start \(start); now in \(zone) is one of \(allowed) on \(today)")
        } else {
            #expect(allowed.contains(start), "start \(start); now in \(zone) is one of \(allowed)")
        }
    }
}

/// What `timepickerctl pick` sends for the new flags, and how it reads the session's Response:
/// a stand-in service answers, so that every answer a real one could give (or an older one) is
/// seen.
@Suite("timepickerctl pick: the session's zone and day, and its Response")
struct ClientResponseTests {
    /// The session's path for `call`, as the service makes it from the caller's handle_token.
    static func sessionPath(of call: DBusMessage, options: [String: DBusValue]) throws -> ObjectPath {
        guard case .string(let token)? = options["handle_token"] else { throw HarnessError("no handle_token in \(options)") }
        let sender = try #require(call.sender?.rawValue)
        return try #require(ObjectPath(
            "/io/github/timepickerd/TimePicker1/session/\(sender.dropFirst().replacingOccurrences(of: ".", with: "_"))/\(token)"))
    }

    @Test("The flags as options: overnight (b), date (tomorrow in the zone named), time_zone")
    func sendsOvernightDateAndZone() throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let before = Date()
        let client = try ClientHarness.start(
            ["pick", "--no-terminal", "--overnight", "--date", "tomorrow", "--time-zone", "Pacific/Kiritimati"], on: bus,
            environment: ["TZ": "America/New_York"])
        let (call, options) = try service.nextPick()
        let after = Date()
        #expect(options["overnight"] == .boolean(true))
        #expect(options["time_zone"] == .string("Pacific/Kiritimati"))
        // Tomorrow in Kiritimati, which is a day ahead of New York most of the day.
        let tomorrows = try [before, after].map { try ClientDatedPickTests.day(in: "Pacific/Kiritimati", at: $0, plus: 1) }
        #expect(tomorrows.map { DBusValue.string($0) }.contains(options["date"] ?? .boolean(false)), "date in \(options)")
        try service.answer(call, error: "io.github.timepickerd.TimePicker1.Error.Cancelled", "user")
        #expect(try client.process.waitForExit() == .exited(1))
    }

    @Test("Without --time-zone the client's own zone is sent, and iso8601 or epoch without --date is today there", arguments: [
        (["--format", "epoch"], true), (["--format", "iso8601"], true), ([], false), (["--date", "today"], true),
    ] as [([String], Bool)])
    func sendsCallersZoneAndToday(arguments: [String], dated: Bool) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let before = Date()
        let client = try ClientHarness.start(["pick", "--no-terminal"] + arguments, on: bus, environment: ["TZ": "Pacific/Kiritimati"])
        let (call, options) = try service.nextPick()
        let after = Date()
        #expect(options["time_zone"] == .string("Pacific/Kiritimati"))
        #expect(options["overnight"] == nil, "only sent when asked for")
        if dated {
            let todays = try [before, after].map { DBusValue.string(try ClientDatedPickTests.day(in: "Pacific/Kiritimati", at: $0)) }
            #expect(todays.contains(options["date"] ?? .boolean(false)), "date in \(options)")
        } else {
            #expect(options["date"] == nil, "hm needs no day: \(options)")
        }
        try service.answer(call, error: "io.github.timepickerd.TimePicker1.Error.Cancelled", "user")
        #expect(try client.process.waitForExit() == .exited(1))
    }

    /// The Response a service sends for the night shift.
    static func nightShiftResponse(
        start: String = "22:00", startTime: String = "2026-03-28T22:00:00+01:00", duration: UInt32 = 25200
    ) -> [DBusValue] {
        [.uint32(0), .vardict([
            "start": .string(start), "end": .string("06:00"), "next_day": .boolean(true), "duration": .uint32(duration),
            "date": .string("2026-03-28"), "start_time": .string(startTime), "end_time": .string("2026-03-29T06:00:00+02:00"),
            "time_zone": .string("Europe/Berlin"),
        ])]
    }

    static let nightShiftArguments = [
        "pick", "--no-terminal", "--overnight", "--date", "2026-03-28", "--time-zone", "Europe/Berlin", "--first", "18:00",
        "--last", "08:00", "--step", "30",
    ]

    @Test("The range comes from the service's Response on the session, never from one another connection addresses to the client",
          arguments: [
              (["--format", "iso8601"], NightShift.iso), (["--format", "epoch"], NightShift.epoch),
              (["--json"], NightShift.json), ([], "22:00 06:00\n"),
          ] as [([String], String)])
    func readsResponse(extra: [String], expected: String) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(Self.nightShiftArguments + extra, on: bus)
        let (call, options) = try service.nextPick()
        let path = try Self.sessionPath(of: call, options: options)
        // Someone else's Response, addressed to the client, an hour off: not the outcome.
        let spoofer = try BusClient(bus: bus)
        let spoof = try DBusMessage.signal(path: path, interface: BusClient.sessionInterface, member: "Response")
        try spoof.append(contentsOf: Self.nightShiftResponse(startTime: "2026-03-28T21:00:00+00:00"))
        spoof.setDestination(try #require(call.sender))
        spoofer.connection.send(spoof)
        spoofer.connection.flush()
        try service.emit("Response", on: path, Self.nightShiftResponse())
        try service.emit("Selected", on: path, [.string("22:00"), .string("06:00")])
        try service.answer(call, start: "22:00", end: "06:00")
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == expected)
        #expect(client.stderr.isEmpty)
    }

    @Test("No Response that fits the answer (an older service): HH:MM and JSON of the two times; iso8601 and epoch fail saying why",
          arguments: [
              (nil, [], Int32(0), "22:00 06:00\n"), (nil, ["--json"], 0, "{\"start\":\"22:00\",\"end\":\"06:00\"}\n"),
              (nil, ["--format", "iso8601"], 2, ""), (nil, ["--format", "epoch"], 2, ""),
              // A Response for another choice, or one whose instants are not `duration` apart.
              ("21:00", ["--format", "iso8601"], 2, ""), ("22:00 wrong", ["--json"], 0, "{\"start\":\"22:00\",\"end\":\"06:00\"}\n"),
          ] as [(String?, [String], Int32, String)])
    func withoutResponse(responseStart: String?, extra: [String], status: Int32, expected: String) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(Self.nightShiftArguments + extra, on: bus)
        let (call, options) = try service.nextPick()
        let path = try Self.sessionPath(of: call, options: options)
        if responseStart == "21:00" {
            // Whole and consistent, but not the range the answer says.
            try service.emit("Response", on: path, Self.nightShiftResponse(start: "21:00", startTime: "2026-03-28T21:00:00+01:00", duration: 28800))
        } else if responseStart != nil {
            try service.emit("Response", on: path, Self.nightShiftResponse(startTime: "2026-03-28T23:00:00+01:00"))
        }
        try service.answer(call, start: "22:00", end: "06:00")
        #expect(try client.process.waitForExit() == .exited(status), "stderr: \(client.stderr)")
        #expect(client.stdout == expected)
        if status == 2 {
            #expect(client.stderr == "timepickerctl: the time picker service did not say the chosen range's date and UTC offsets (it is older than this client); use --format hm\n")
        }
    }

    @Test("A service that does not know time_zone, or lacks the client's zone: the pick goes on in its zone", arguments: [
        ("option 'time_zone': unknown option; known options are title, step", ""),
        ("option 'time_zone': must be a time zone the system's zone database has, such as 'Europe/Berlin' or 'UTC', got 'Pacific/Kiritimati'",
         "timepickerctl: the time picker service has no time zone 'Pacific/Kiritimati': the picker's times are in the service's zone\n"),
    ])
    func retriesWithoutCallersZone(refusal: String, said: String) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(["pick", "--no-terminal"], on: bus, environment: ["TZ": "Pacific/Kiritimati"])
        let (first, firstOptions) = try service.nextPick()
        #expect(firstOptions["time_zone"] == .string("Pacific/Kiritimati"))
        try service.answer(first, error: "org.freedesktop.DBus.Error.InvalidArgs", refusal)
        let (second, secondOptions) = try service.nextPick()
        #expect(secondOptions["time_zone"] == nil)
        #expect(secondOptions["handle_token"] == firstOptions["handle_token"])
        try service.answer(second, start: "09:00", end: "10:00")
        #expect(try client.process.waitForExit() == .exited(0), "stderr: \(client.stderr)")
        #expect(client.stdout == "09:00 10:00\n")
        #expect(client.stderr == said)
    }

    @Test("A service older than the new options: exit 2 naming the flag that needs a newer one", arguments: [
        (["--overnight"], "overnight", "--overnight"), (["--date", "2026-03-28"], "date", "--date"),
        (["--format", "iso8601"], "date", "--format iso8601"), (["--time-zone", "Europe/Berlin"], "time_zone", "--time-zone"),
    ])
    func olderService(arguments: [String], key: String, flag: String) throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let client = try ClientHarness.start(["pick", "--no-terminal"] + arguments, on: bus)
        let (call, _) = try service.nextPick()
        try service.answer(call, error: "org.freedesktop.DBus.Error.InvalidArgs", "option '\(key)': unknown option; known options are title, step")
        #expect(try client.process.waitForExit() == .exited(2))
        #expect(client.stderr == "timepickerctl: the time picker service cannot take \(flag) (it is older than this client)\n")
    }
}
