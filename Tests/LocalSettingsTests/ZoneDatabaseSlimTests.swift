import Foundation
@testable import LocalSettings
import TimePickerCore
import Testing

/// Slim TZif files (`zic -b slim`: the table stops where the footer's rule can say the rest)
/// against fat ones (the table runs to 2037): the footer's rule, spelled out by the database,
/// must give the same offsets.
@Suite("Slim zone files give what fat ones give")
struct ZoneDatabaseSlimTests {
    /// Zones as tzdata writes them: Berlin's EU rules, Lord Howe's half-hour daylight time in
    /// the southern summer, Nuuk's daylight time starting at -1:00, and a zone whose rules
    /// change in 2041, so that its slim table runs into the future.
    static let source = """
        Rule	EU	1977	1980	-	Apr	Sun>=1	 1:00u	1:00	S
        Rule	EU	1977	only	-	Sep	lastSun	 1:00u	0	-
        Rule	EU	1978	only	-	Oct	 1	 1:00u	0	-
        Rule	EU	1979	1995	-	Sep	lastSun	 1:00u	0	-
        Rule	EU	1981	max	-	Mar	lastSun	 1:00u	1:00	S
        Rule	EU	1996	max	-	Oct	lastSun	 1:00u	0	-
        Zone	Test/Berlin	0:53:28 -	LMT	1893 Apr
        			1:00	EU	CE%sT

        Rule	LH	2008	max	-	Apr	Sun>=1	2:00	0	-
        Rule	LH	2008	max	-	Oct	Sun>=1	2:00	0:30	-
        Zone	Test/Lord_Howe	10:36:20 -	LMT	1895 Feb
        			10:00	-	AEST	1981 Mar
        			10:30	LH	+1030/+11

        Rule	Gr	2023	max	-	Mar	lastSun	-1:00	1:00	-
        Rule	Gr	2023	max	-	Oct	lastSun	 0:00	0	-
        Zone	Test/Nuuk	-3:26:56 -	LMT	1916 Jul 28
        			-3:00	-	-03	2023 Mar 26 1:00u
        			-2:00	-	-02	2023 Oct 29 1:00u
        			-2:00	Gr	-02/-01

        Rule	Next	2041	max	-	Mar	Sun>=8	2:00	1:00	S
        Rule	Next	2041	max	-	Nov	Sun>=1	2:00	0	-
        Zone	Test/Changing	1:00	EU	CE%sT	2041
        			1:00	Next	CE%sT

        """

    static let zones = ["Test/Berlin", "Test/Lord_Howe", "Test/Nuuk", "Test/Changing"]

    /// The source compiled fat and slim, each in a directory of its own.
    final class Compiled {
        let directory: TemporaryDirectory
        var fat: String { directory.path + "/fat" }
        var slim: String { directory.path + "/slim" }

        init(_ source: String) throws {
            directory = try TemporaryDirectory()
            let file = try directory.write(Array(source.utf8), to: "zones.zi")
            _ = try run("/usr/sbin/zic", ["-b", "fat", "-d", fat, file])
            _ = try run("/usr/sbin/zic", ["-b", "slim", "-d", slim, file])
        }
    }

    @Test("A slim file gives the fat one's offsets from 2026 to 2090, and glibc's", arguments: zones)
    func slimAgainstFat(name: String) throws {
        let compiled = try Compiled(Self.source)
        let fat = try #require(ZoneDatabase(directory: compiled.fat).rules(named: name))
        let slim = try #require(ZoneDatabase(directory: compiled.slim).rules(named: name))
        #expect(slim.name == name)
        // Slim indeed: its table stops before 2026 (before 2042 for the zone that changes in 2041).
        let slimFile = try #require(TZifFile(Array(FileManager.default.contents(atPath: compiled.slim + "/" + name) ?? Data())))
        let lastTabled = try #require(slimFile.transitionTimes.last)
        #expect(lastTabled < (name == "Test/Changing" ? 2_272_147_200 : from2026), "\(lastTabled)")  // 2042-01-01
        #expect(slimFile.footer?.daylight != nil)

        let instants = instantsToCompare([fat, slim], from: from2026, until: until2091)
        let fatOffsets = instants.map { fat.offset(at: $0) }
        #expect(disagreements(slim, fatOffsets, at: instants).isEmpty, "\(disagreements(slim, fatOffsets, at: instants))")
        let glibc = try glibcOffsets(timeZone: ":" + compiled.fat + "/" + name, at: instants)
        #expect(disagreements(slim, glibc, at: instants).isEmpty, "\(disagreements(slim, glibc, at: instants))")
    }

    @Test("Every zone of tzdata compiled slim gives what it gives compiled fat, 1900 to 2037; the installed files all read")
    func everyZone() throws {
        // Up to 2037, where a fat file's table ends: after it the fat file has only its footer,
        // which cannot say what the slim table goes on to say of a few zones (Gaza's rules to
        // 2086), so the two differ there, for glibc too.
        let compiled = try Compiled(String(decoding: try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/tzdata.zi")), as: UTF8.self))
        let fatDatabase = ZoneDatabase(directory: compiled.fat)
        let slimDatabase = ZoneDatabase(directory: compiled.slim)
        var names: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: compiled.slim))
        while let name = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { names.append(name) }
        }
        #expect(names.count > 300)
        var failures: [String] = []
        for name in names.sorted() {
            guard let fat = fatDatabase.rules(named: name), let slim = slimDatabase.rules(named: name),
                systemDatabase.rules(named: name) != nil
            else {
                failures.append("\(name) not read")
                continue
            }
            let instants = instantsToCompare([fat, slim], from: -2_208_988_800, until: 2_145_916_800, gridDays: 61)  // 1900 to 2038
            let differences = disagreements(slim, instants.map { fat.offset(at: $0) }, at: instants)
            if !differences.isEmpty { failures.append("\(name): \(differences)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
