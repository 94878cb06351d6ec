import Foundation
@testable import LocalSettings
import TimePickerCore
import Testing

/// The process's own zone, found as glibc finds it, from a `TZ` and an /etc/localtime of the
/// test's own (never this machine's).
@Suite("The local zone")
struct LocalZoneTests {
    static let utc = ZoneOffset(seconds: 0, abbreviation: "UTC")
    static let ist = ZoneOffset(seconds: 19_800, abbreviation: "IST")

    @Test("/etc/localtime linking into the database is named by the link: absolute, relative, through another link")
    func linked() throws {
        let directory = try TemporaryDirectory()
        let files = FileManager.default
        try files.createSymbolicLink(atPath: directory.path + "/absolute", withDestinationPath: "/usr/share/zoneinfo/Asia/Kolkata")
        let upward = String(repeating: "../", count: directory.path.split(separator: "/").count)
        try files.createSymbolicLink(atPath: directory.path + "/relative", withDestinationPath: upward + "usr/share/zoneinfo/Asia/Kolkata")
        try files.createSymbolicLink(atPath: directory.path + "/chained", withDestinationPath: "absolute")
        for link in ["absolute", "relative", "chained"] {
            let zone = systemDatabase.localZone(timeZoneVariable: nil, localTimePath: directory.path + "/" + link)
            #expect(zone.name == "Asia/Kolkata", "\(link)")
            #expect(zone.rules.name == "Asia/Kolkata", "\(link)")
            #expect(zone.rules.offset(at: from2026) == Self.ist, "\(link)")
        }
    }

    @Test("/etc/localtime linking into TZDIR's database is named by the link too")
    func linkedIntoOwnDirectory() throws {
        let directory = try TemporaryDirectory()
        let zone = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Asia/Kolkata")).map { $0 }
        try directory.write(zone, to: "zones/Test/Kolkata")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/localtime", withDestinationPath: "zones/Test/Kolkata")
        let database = ZoneDatabase(directory: directory.path + "/zones/")
        let local = database.localZone(timeZoneVariable: nil, localTimePath: directory.path + "/localtime")
        #expect(local.name == "Test/Kolkata")
        #expect(local.rules.offset(at: from2026) == Self.ist)
    }

    @Test("/etc/localtime as a copy gives its rules, named localtime, with no IANA name; missing or broken, UTC")
    func copiedMissingBroken() throws {
        let directory = try TemporaryDirectory()
        let berlin = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        let copy = try directory.write(berlin, to: "copy")
        let copied = systemDatabase.localZone(timeZoneVariable: nil, localTimePath: copy)
        #expect(copied.name == nil)
        #expect(copied.rules.name == "localtime")
        #expect(copied.rules.offset(at: 1_774_746_000) == ZoneOffset(seconds: 7200, abbreviation: "CEST"))

        let broken = try directory.write(Array(berlin[0..<100]), to: "broken")
        for path in [directory.path + "/missing", broken, directory.path] {
            let zone = systemDatabase.localZone(timeZoneVariable: nil, localTimePath: path)
            #expect(zone.name == "UTC", "\(path)")
            #expect(zone.rules == ZoneRules(name: "UTC", fixed: Self.utc), "\(path)")
        }
    }

    @Test("TZ names a zone with or without ':', or its file by an absolute path; TZ wins over /etc/localtime")
    func namedByVariable() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/localtime", withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        for variable in ["Asia/Kolkata", ":Asia/Kolkata", "/usr/share/zoneinfo/Asia/Kolkata", ":/usr/share/zoneinfo/Asia/./Kolkata"] {
            let zone = systemDatabase.localZone(timeZoneVariable: variable, localTimePath: directory.path + "/localtime")
            #expect(zone.name == "Asia/Kolkata", "\(variable)")
            #expect(zone.rules.name == "Asia/Kolkata", "\(variable)")
            #expect(zone.rules.offset(at: from2026) == Self.ist, "\(variable)")
        }
        // A file outside the database, by its path: read, but with no IANA name.
        let copy = try directory.write(try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Asia/Kolkata")).map { $0 }, to: "copy")
        let outside = systemDatabase.localZone(timeZoneVariable: copy)
        #expect(outside.name == nil)
        #expect(outside.rules.name == "localtime")
        #expect(outside.rules.offset(at: from2026) == Self.ist)
        // A link outside the database into it: named by where it leads.
        let linked = systemDatabase.localZone(timeZoneVariable: directory.path + "/localtime")
        #expect(linked.name == "Europe/Berlin")
    }

    @Test("TZ as a POSIX rule is read as one, named as TZ says, with no IANA name")
    func rule() {
        let zone = systemDatabase.localZone(timeZoneVariable: "EST5EDT,M3.2.0,M11.1.0")
        #expect(zone.name == nil)
        #expect(zone.rules.name == "EST5EDT,M3.2.0,M11.1.0")
        #expect(zone.rules.offset(at: from2026) == ZoneOffset(seconds: -18_000, abbreviation: "EST"))
        #expect(zone.rules.offset(at: 1_774_746_000) == ZoneOffset(seconds: -14_400, abbreviation: "EDT"))
        let fixed = systemDatabase.localZone(timeZoneVariable: "<+14>-14")
        #expect(fixed.rules == ZoneRules(name: "<+14>-14", fixed: ZoneOffset(seconds: 50_400, abbreviation: "+14")))
    }

    @Test("TZ empty, ':' alone, or naming nothing readable is UTC, as glibc takes it", arguments: ["", ":", "Nowhere/City", "../etc/passwd", ":/nonexistent", "EST5EDT,M3"])
    func unreadable(variable: String) {
        let zone = systemDatabase.localZone(timeZoneVariable: variable)
        #expect(zone == LocalZone.utc)
    }
}
