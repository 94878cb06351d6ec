import Foundation
@testable import LocalSettings
import TimePickerCore
import Testing

/// Names and files the database must turn down: a name is a caller's string, and a file may be
/// anything a directory holds. Each gives nil, never a crash.
@Suite("The zone database turns down bad names and files")
struct ZoneDatabaseRejectionTests {
    @Test(
        "A name that is not a zone's gives nil: paths out of the database, empty components, dots, other characters, too long, unknown, a directory",
        arguments: [
            "../etc/passwd", "/etc/localtime", "Europe/../x", "Europe/./Berlin", "", "Nowhere/City", String(repeating: "a", count: 300),
            "Europe", "Europe/", "Europe//Berlin", "/Europe/Berlin", ".", "..", "Europe/Berlin ", "Europe/Berlin\n", "Europe\\Berlin",
            "zone.tab", "Europe/Berlín", "Europe/Berlin\0", String(repeating: "a/", count: 127) + "a",
        ])
    func badName(name: String) {
        #expect(systemDatabase.rules(named: name) == nil)
    }

    @Test("Names of the database's shape are taken, up to 255 bytes")
    func goodNames() {
        #expect(ZoneName.isValid("America/Argentina/Buenos_Aires"))
        #expect(ZoneName.isValid("Etc/GMT+5"))
        #expect(ZoneName.isValid("Etc/GMT-14"))
        #expect(ZoneName.isValid(String(repeating: "a", count: 255)))
        #expect(!ZoneName.isValid(String(repeating: "a", count: 256)))
        #expect(systemDatabase.rules(named: "Etc/GMT+5")?.offset(at: 0) == ZoneOffset(seconds: -18_000, abbreviation: "-05"))
    }

    @Test("A real file cut short at any length gives nil")
    func truncated() throws {
        for name in ["Europe/Berlin", "Australia/Lord_Howe", "UTC"] {
            let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name)).map { $0 }
            #expect(TZifFile(bytes) != nil)
            let taken = (0..<bytes.count).filter { TZifFile(Array(bytes[0..<$0])) != nil }
            #expect(taken.isEmpty, "\(name) cut at \(taken.prefix(5))")
        }
    }

    @Test("Files that are not zones, through the database: garbage, empty, cut short, too large, a FIFO, a directory")
    func badFiles() throws {
        let directory = try TemporaryDirectory()
        let berlin = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        var generator = SplitMix(seed: 26)
        try directory.write((0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }, to: "Garbage")
        try directory.write(Array("TZif2".utf8) + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }, to: "Magic")
        try directory.write([], to: "Empty")
        try directory.write(Array(berlin[0..<1000]), to: "Cut")
        try directory.write(berlin + [UInt8](repeating: 0x0A, count: 1 << 20), to: "Large")
        try directory.write(berlin, to: "Valid/Berlin")
        #expect(mkfifo(directory.path + "/Fifo", 0o600) == 0)
        let database = ZoneDatabase(directory: directory.path)
        #expect(database.rules(named: "Valid/Berlin") != nil)
        for name in ["Garbage", "Magic", "Empty", "Cut", "Large", "Fifo", "Valid", "Missing"] {
            #expect(database.rules(named: name) == nil, "\(name)")
        }
    }

    @Test("A file with a byte changed anywhere is read or turned down, never a crash; what is read is in order")
    func mutated() throws {
        let berlin = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        var generator = SplitMix(seed: 8536)
        for _ in 0..<5000 {
            var bytes = berlin
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let file = TZifFile(bytes) else { continue }
            let rules = ZoneRules(name: "Mutated", file: file)
            #expect(zip(rules.changes, rules.changes.dropFirst()).allSatisfy { $0.instant < $1.instant })
        }
    }

    @Test("A table that ends at the edge of time is read, its rule spelled out from 1900 to 2100 only")
    func edgeOfTime() throws {
        let early = try #require(TZifFile(TZifBuilder().with { $0.times = [Int64.min, Int64.min + 1] }.bytes))
        let rules = ZoneRules(name: "Early", file: early)
        #expect(rules.changes.count > 300)
        #expect(rules.changes.count < 500)
        #expect(rules.offset(at: from2026) == ZoneOffset(seconds: 3600, abbreviation: "CET"))
        let late = try #require(TZifFile(TZifBuilder().with { $0.times = [Int64.max - 1, Int64.max] }.bytes))
        #expect(ZoneRules(name: "Late", file: late).changes.map(\.instant) == [Int64.max - 1, Int64.max])
    }

    @Test("Inconsistent files give nil: times not increasing, type or abbreviation index out of range, counts past the end, leap seconds, a bad footer")
    func inconsistent() {
        let valid = TZifBuilder()
        #expect(TZifFile(valid.bytes) != nil, "the builder's file must be valid for the rest to mean anything")
        let broken: [(String, TZifBuilder)] = [
            ("times decreasing", valid.with { $0.times = [100, 50] }),
            ("times equal", valid.with { $0.times = [100, 100] }),
            ("type index out of range", valid.with { $0.indices = [0, 2] }),
            ("abbreviation index out of range", valid.with { $0.types[1].abbreviationIndex = 40 }),
            ("abbreviation without its NUL", valid.with { $0.characters = Array("CET\0CEST".utf8) }),
            ("an abbreviation with a control character", valid.with { $0.characters = Array("C\u{1B}T\0CEST\0".utf8) }),
            ("isdst not 0 or 1", valid.with { $0.types[0].isDaylight = 2 }),
            ("an offset of a day and more", valid.with { $0.types[0].offset = 100_000 }),
            ("no types", valid.with { $0.types = []; $0.indices = []; $0.times = [] }),
            ("more transitions counted than written", valid.with { $0.extraTransitionCount = 1000 }),
            ("leap seconds", valid.with { $0.leapRecords = 1 }),
            ("a footer that is no rule", valid.with { $0.footer = "CET" }),
            ("no newline after the footer", valid.with { $0.footerEnd = "" }),
            ("bytes after the footer", valid.with { $0.footerEnd = "\nx" }),
            ("a version 1 header's magic wrong", valid.with { $0.magic = Array("TZix".utf8) }),
        ]
        for (what, builder) in broken {
            #expect(TZifFile(builder.bytes) == nil, "\(what)")
        }
    }
}

/// A small TZif file (two types, CET and CEST) built field by field, to break one at a time.
struct TZifBuilder {
    var magic = Array("TZif".utf8)
    var times: [Int64] = [100, 200]
    var indices: [UInt8] = [1, 0]
    var types: [(offset: Int32, isDaylight: UInt8, abbreviationIndex: UInt8)] = [(3600, 0, 0), (7200, 1, 4)]
    var characters = Array("CET\0CEST\0".utf8)
    var leapRecords = 0
    var extraTransitionCount = 0
    var footer = "CET-1CEST,M3.5.0,M10.5.0/3"
    var footerEnd = "\n"

    func with(_ change: (inout TZifBuilder) -> Void) -> TZifBuilder {
        var copy = self
        change(&copy)
        return copy
    }

    var bytes: [UInt8] {
        // A version 1 block with one type, then the version 2 header and block.
        var bytes = magic + [UInt8(ascii: "2")] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, 0, 1, 1] { bytes += bigEndian(UInt32(count)) }
        bytes += bigEndian(UInt32(0)) + [0, 0, 0]
        bytes += Array("TZif".utf8) + [UInt8(ascii: "2")] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, leapRecords, times.count + extraTransitionCount, types.count, characters.count] {
            bytes += bigEndian(UInt32(count))
        }
        for time in times { bytes += bigEndian(UInt64(bitPattern: time)) }
        bytes += indices
        for type in types { bytes += bigEndian(UInt32(bitPattern: type.offset)) + [type.isDaylight, type.abbreviationIndex] }
        bytes += characters
        for _ in 0..<leapRecords { bytes += bigEndian(UInt64(100)) + bigEndian(UInt32(1)) }
        return bytes + Array(("\n" + footer + footerEnd).utf8)
    }

    private func bigEndian<Number: FixedWidthInteger>(_ number: Number) -> [UInt8] {
        (0..<Number.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) }
    }
}

/// A seeded generator (SplitMix64), so that a failure comes back on the next run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
