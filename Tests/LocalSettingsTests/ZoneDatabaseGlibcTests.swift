@testable import LocalSettings
import TimePickerCore
import Testing

/// The zone database's offsets against glibc's, which every C program on the system uses: the
/// same instant must give the same offset and abbreviation, 1990 to 2090.
@Suite("The zone database agrees with glibc")
struct ZoneDatabaseGlibcTests {
    @Test(
        "A zone read from tzdata gives glibc's offset and abbreviation at every change and every few days",
        arguments: ["Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func zone(name: String) throws {
        let rules = try #require(systemDatabase.rules(named: name))
        #expect(rules.name == name)
        let instants = instantsToCompare([rules], from: from1990, until: until2091)
        let expected = try glibcOffsets(timeZone: ":/usr/share/zoneinfo/" + name, at: instants)
        #expect(disagreements(rules, expected, at: instants).isEmpty, "\(disagreements(rules, expected, at: instants))")
    }

    @Test(
        "A POSIX rule in TZ gives glibc's offsets: M, J and zero-based days, times before the day and past its end, daylight time behind standard time, all year",
        arguments: [
            "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "<+14>-14", "UTC0", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
            "EET-2EEST,M3.4.4/50,M10.4.4/50", "IST-1GMT0,M10.5.0,M3.5.0/1", "AEST-10AEDT,M10.1.0,M4.1.0/3",
            "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "ABC3DEF,J60/2,J300/2", "ABC3DEF,59/2,299/2", "NST3:30NDT,M3.2.0,M11.1.0",
            "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "EST5EDT",
        ])
    func posixRule(rule: String) throws {
        // A database without files, so that "EST5EDT" too is read as a rule.
        let zone = ZoneDatabase(directory: "/nonexistent").localZone(timeZoneVariable: rule)
        #expect(zone.rules.name == rule)
        #expect(zone.name == nil)
        let instants = instantsToCompare([zone.rules], from: from1990, until: until2091)
        // glibc reads TZ as a rule only when no file has its name: its TZDIR holds none (nor the
        // posixrules file, so that a rule without dates means M3.2.0,M11.1.0 to it too).
        let expected = try glibcOffsets(timeZone: rule, zoneDirectory: "/nonexistent", at: instants)
        #expect(disagreements(zone.rules, expected, at: instants).isEmpty, "\(disagreements(zone.rules, expected, at: instants))")
    }

    @Test("A rule with daylight time all year (RFC 8536, 3.3.1) is daylight time all year")
    func daylightAllYear() {
        // glibc gives EST in each year's first five hours by UTC, before the year's start by its
        // local time: not what the RFC says, so not compared.
        let zone = ZoneDatabase(directory: "/nonexistent").localZone(timeZoneVariable: "EST5EDT,0/0,J365/25")
        let edt = ZoneOffset(seconds: -14_400, abbreviation: "EDT")
        #expect(zone.rules.initial == edt)
        #expect(zone.rules.changes.allSatisfy { $0.offset == edt })
        #expect(stride(from: from1990, to: until2091, by: 3600 * 7).allSatisfy { zone.rules.offset(at: $0) == edt })
    }

    @Test("Europe/Berlin 2026: spring forward at 01:00Z to CEST, fall back at 01:00Z to CET")
    func berlin2026() throws {
        let rules = try #require(systemDatabase.rules(named: "Europe/Berlin"))
        let cet = ZoneOffset(seconds: 3600, abbreviation: "CET")
        let cest = ZoneOffset(seconds: 7200, abbreviation: "CEST")
        let spring: Int64 = 1_774_746_000  // 2026-03-29T01:00:00Z
        let autumn: Int64 = 1_792_890_000  // 2026-10-25T01:00:00Z
        #expect(rules.offset(at: spring - 1) == cet)
        #expect(rules.offset(at: spring) == cest)
        #expect(rules.offset(at: autumn - 1) == cest)
        #expect(rules.offset(at: autumn) == cet)
        let changes2026 = rules.changes.filter { (from2026..<from2026 + 365 * 86_400).contains($0.instant) }
        #expect(changes2026 == [ZoneChange(instant: spring, offset: cest), ZoneChange(instant: autumn, offset: cet)])
    }

    @Test("The public lookup reads the system's database; the changes run to the end of 2100, sorted")
    func publicLookup() throws {
        let rules = try #require(ZoneDatabase.rules(named: "America/New_York"))
        #expect(rules.offset(at: from2026) == ZoneOffset(seconds: -18_000, abbreviation: "EST"))
        #expect(zip(rules.changes, rules.changes.dropFirst()).allSatisfy { $0.instant < $1.instant })
        let last = try #require(rules.changes.last)
        #expect(CivilCalendar.year(ofInstant: last.instant) == 2100)
    }
}
