import DBusKit
import Foundation
import TestHarness
import Testing
import TimePicker

/// The Swift library's typed options and results: what each property sends on the bus, and a
/// dated overnight pick read back as a `DateInterval` from the real daemon.
@Suite("The Swift library's typed options and results", .timeLimit(.minutes(2)))
struct SwiftLibraryTypedTests {
    /// 2026-01-15T12:00:00Z, a winter day: Berlin is at +01:00.
    static let winterNoon = Date(timeIntervalSince1970: 1_768_478_400)

    @Test("A Berlin night shift, 22:00 to 05:00 on a winter date: a DateInterval of 25,200 s from 21:00 UTC, the zone, the length")
    func berlinNightShift() async throws {
        let fixture = try NotificationFixture()
        let mock = try fixture.mock
        let address = fixture.bus.address
        let pick = Task { @MainActor in
            let alert = SwiftLibraryTests.alert("Night shift", on: address)
            alert.timeZone = TimeZone(identifier: "Europe/Berlin")
            alert.date = Self.winterNoon
            alert.overnight = true
            alert.step = .seconds(3600)
            alert.start = TimeOfDay(hour: 22)
            alert.end = TimeOfDay(hour: 5)
            return try await alert.pick()
        }
        let shown = try mock.waitForNotify(summary: "Night shift")
        try mock.invokeAction("default", on: shown.id)
        _ = try mock.waitForNotify { $0.replacesID == shown.id && $0.isStepperEndStep }
        try mock.invokeAction("default", on: shown.id)
        let range = try await pick.value
        #expect(range.start == "22:00" && range.end == "05:00" && range.isNextDay == true, "\(range)")
        let interval = try #require(range.interval)
        // 2026-01-15T22:00:00+01:00 is 21:00 UTC.
        #expect(interval.start == Date(timeIntervalSince1970: 1_768_510_800), "\(interval)")
        #expect(interval.duration == 25_200)
        #expect(range.duration == .seconds(25_200))
        #expect(range.timeZone == TimeZone(identifier: "Europe/Berlin"))
        #expect(range.timeZoneIdentifier == "Europe/Berlin")
    }

    @Test("Each typed option goes on the bus in the service's form; extraOptions go too, under the typed ones")
    func optionsOnTheBus() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let pick = Task { @MainActor in
            let alert = SwiftLibraryTests.alert("Typed", on: address)
            alert.step = .seconds(30 * 60)
            alert.first = TimeOfDay(hour: 7)
            alert.last = .endOfDay
            alert.start = .now
            alert.end = TimeOfDay(hour: 9, minute: 30)
            alert.minDuration = .seconds(3600)
            alert.timeout = .seconds(90)
            alert.timeoutExtensions = 2
            alert.clock = .twelveHour
            alert.userInterface = .notification
            alert.overnight = true
            // 23:30 UTC is already the next day in Berlin.
            alert.date = Date(timeIntervalSince1970: 1_768_519_800)
            alert.timeZone = TimeZone(identifier: "Europe/Berlin")
            alert.extraOptions = ["future_option": .int32(5), "title": .string("loses to the typed title")]
            return try await alert.pick()
        }
        let (call, options) = try service.nextPick()
        let expected: [String: DBusValue] = [
            "title": .string("Typed"), "step": .uint32(30), "first": .string("07:00"), "last": .string("24:00"), "start": .string("now"),
            "end": .string("09:30"), "min_duration": .uint32(60), "timeout": .uint32(90), "timeout_extensions": .uint32(2),
            "clock": .string("12h"), "ui": .string("notification"), "overnight": .boolean(true), "date": .string("2026-01-16"),
            "time_zone": .string("Europe/Berlin"), "future_option": .int32(5),
        ]
        for (key, value) in expected {
            #expect(options[key] == value, "\(key): \(String(describing: options[key]))")
        }
        try service.answer(call, error: "org.freedesktop.DBus.Error.InvalidArgs", "option 'future_option': unknown option")
        let error = try #require(await pick.result.failure as? TimePickerError)
        #expect(error.code == .invalidArgs && error.option == "future_option" && error.isUnknownOption, "\(error)")
    }

    @Test("date is the day in timeZone: 10:00 UTC is the next day in Kiritimati (+14), the day before in Honolulu (-10) at 05:00 UTC")
    func dateInTheZone() async throws {
        let cases: [(zone: String, instant: TimeInterval, day: String)] = [
            ("Pacific/Kiritimati", 1_774_692_000, "2026-03-29"), ("Pacific/Honolulu", 1_774_674_000, "2026-03-27"), ("UTC", 1_774_692_000, "2026-03-28"),
        ]
        for (zone, instant, day) in cases {
            let bus = try PrivateBus()
            let service = try FakeService(bus: bus)
            let address = bus.address
            let pick = Task { @MainActor in
                let alert = SwiftLibraryTests.alert("Day", on: address)
                alert.date = Date(timeIntervalSince1970: instant)
                alert.timeZone = TimeZone(identifier: zone)
                return try await alert.pick()
            }
            let (call, options) = try service.nextPick()
            #expect(options["date"] == .string(day), "\(zone): \(String(describing: options["date"]))")
            try service.answer(call, error: "io.github.timepickerd.TimePicker1.Error.Cancelled", "user")
            _ = await pick.result
        }
    }
}
