import DBusKit
import LocalSettings
@testable import TimePicker
@testable import TimePickerClient
import TimePickerCore
import Testing

/// What `timepickerctl pick` prints of a range, and how it reads what the service says of one.
@Suite("Picked ranges: ISO 8601, Response's results, the formats")
struct PickedTimesTests {
    @Test("ISO 8601 with an offset or Z reads as the instant; anything looser is refused")
    func isoInstants() throws {
        #expect(ISOInstant(parsing: "2026-03-28T22:00:00+01:00")?.secondsSince1970 == 1_774_731_600)
        #expect(ISOInstant(parsing: "2026-03-29T06:00:00+02:00")?.secondsSince1970 == 1_774_756_800)
        #expect(ISOInstant(parsing: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(ISOInstant(parsing: "2026-01-01T00:00:00-05:30")?.secondsSince1970 == Int64(1_767_225_600 + 5 * 3600 + 1800))
        for bad in [
            "2026-03-28T24:00:00+01:00", "2026-02-29T10:00:00+01:00", "2026-03-28 22:00:00+01:00", "2026-03-28T22:00+01:00",
            "2026-03-28T22:00:00+0100", "2026-03-28T22:00:00", "2026-03-28T22:00:60Z", "2026-03-28T22:00:00+01:00\u{1B}[2J",
            "２026-03-28T22:00:00Z", "",
        ] {
            #expect(ISOInstant(parsing: bad) == nil, "\(bad)")
        }
    }

    /// The night shift's results as the service sends them.
    static let results: [String: DBusValue] = [
        "start": .string("22:00"), "end": .string("06:00"), "next_day": .boolean(true), "duration": .uint32(25200),
        "date": .string("2026-03-28"), "start_time": .string("2026-03-28T22:00:00+01:00"),
        "end_time": .string("2026-03-29T06:00:00+02:00"), "time_zone": .string("Europe/Berlin"),
    ]

    @Test("Response's results: the four keys always, the four dated ones all or none")
    func responseResults() throws {
        let times = try #require(SessionResponse.times(in: Self.results))
        #expect(times.line(.iso8601) == "2026-03-28T22:00:00+01:00 2026-03-29T06:00:00+02:00\n")
        #expect(times.line(.epoch) == "1774731600 1774756800\n")
        #expect(times.line(.hm) == "22:00 06:00\n")
        var undated = Self.results
        for key in ["date", "start_time", "end_time", "time_zone"] { undated.removeValue(forKey: key) }
        let plain = try #require(SessionResponse.times(in: undated))
        #expect(plain.json == "{\"start\":\"22:00\",\"end\":\"06:00\",\"next_day\":true,\"duration\":25200}\n")
        #expect(plain.line(.iso8601) == nil)
        // Missing, mistyped, inconsistent or unprintable: not taken.
        let spoiled: [(String, DBusValue?)] = [
            ("time_zone", nil), ("duration", .uint32(21600)), ("duration", .int32(25200)), ("next_day", nil), ("start", .string("22:00:00")),
            ("start", .string("21:00")), ("date", .string("2026-03-27")), ("end", .string("6:00")),
            ("time_zone", .string("Europe/Berlin\u{1B}[2J")), ("time_zone", .string("")), ("start_time", .string("2026-03-28T22:00:00")),
        ]
        for (key, value) in spoiled {
            var results = Self.results
            results[key] = value
            #expect(SessionResponse.times(in: results) == nil, "\(key) = \(String(describing: value))")
        }
    }

    @Test("The core's range prints as the service's does: 24:00 is the next day's T00:00")
    func coreRange() throws {
        let berlin = try #require(ZoneDatabase.rules(named: "Europe/Berlin"))
        let context = PickerContext(defaultClock: .twentyFourHour, now: nil, localZone: { berlin }, zoneNamed: { ZoneDatabase.rules(named: $0) })
        let options = try PickerOptions(validating: [
            "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"), "first": .string("18:00"), "step": .uint32(30),
            "start": .string("22:00"), "end": .string("24:00"),
        ], context: context)
        let times = TimePickerRange(PickerModel(options: options).range)
        #expect(times.line(.iso8601) == "2026-03-28T22:00:00+01:00 2026-03-29T00:00:00+01:00\n")
        #expect(times.json == "{\"start\":\"22:00\",\"end\":\"24:00\",\"next_day\":false,\"duration\":7200,\"date\":\"2026-03-28\","
            + "\"start_time\":\"2026-03-28T22:00:00+01:00\",\"end_time\":\"2026-03-29T00:00:00+01:00\",\"time_zone\":\"Europe/Berlin\"}\n")
    }

    @Test("today and tomorrow are the zone's days: 10:00 UTC is already tomorrow in Kiritimati (+14), still today in Honolulu (-10)")
    func todayInZones() throws {
        let instant: Int64 = 1_774_692_000  // 2026-03-28T10:00:00Z
        let kiritimati = try #require(ZoneDatabase.rules(named: "Pacific/Kiritimati"))
        let honolulu = try #require(ZoneDatabase.rules(named: "Pacific/Honolulu"))
        #expect(PickerDay.today.resolved(now: instant, zone: kiritimati)?.isoText == "2026-03-29")
        #expect(PickerDay.tomorrow.resolved(now: instant, zone: kiritimati)?.isoText == "2026-03-30")
        #expect(PickerDay.today.resolved(now: instant - 11 * 3600, zone: honolulu)?.isoText == "2026-03-27")
        #expect(PickerDay(parsing: "TOMORROW") == .tomorrow)
        #expect(PickerDay(parsing: "2026-02-29") == nil)
        #expect(PickerDay(parsing: "2026-03-28") == .day(CalendarDate(year: 2026, month: 3, day: 28)!))
    }
}
