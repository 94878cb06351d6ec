@testable import LocalSettings
import TimePickerCore
import Testing

/// The local time a notification says it closes at, read with the zone's rules as every other
/// local time is: across midnight and across the hour the clocks go back.
@Suite("The local time ahead")
struct LocalTimeTests {
    @Test("Minutes from today's midnight, rounded up, counting on into tomorrow, in the zone's own clock")
    func minutesFromToday() throws {
        let berlin = try #require(ZoneDatabase.rules(named: "Europe/Berlin"))
        // 2026-10-24T23:30:00Z is 01:30 CEST on the 25th; the clocks go back at 01:00Z (03:00 CEST).
        let now: Int64 = 1_792_884_600
        #expect(LocalTime.minutesFromToday(in: 0, now: now, zone: berlin) == 90)
        #expect(LocalTime.minutesFromToday(in: 1, now: now, zone: berlin) == 91, "rounded up to the minute")
        #expect(LocalTime.minutesFromToday(in: 3600, now: now, zone: berlin) == 150, "02:30 CEST")
        #expect(LocalTime.minutesFromToday(in: 7200, now: now, zone: berlin) == 150, "02:30 CET, the same clock time an hour later")
        #expect(LocalTime.minutesFromToday(in: 23 * 3600, now: now, zone: berlin) == 23 * 60 + 30, "still the 25th: it has 25 hours")
        #expect(LocalTime.minutesFromToday(in: 24 * 3600, now: now, zone: berlin) == 1440 + 30, "00:30 the next day")
        let utc = PickerContext.utc
        #expect(LocalTime.minutesFromToday(in: 3600, now: now, zone: utc) == 23 * 60 + 30 + 60, "00:30 of the 25th is the next day in UTC")
    }
}
