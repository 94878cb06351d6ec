import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

/// Locale names as a resource (issue 30): glibc keeps an entry for every locale name it is
/// asked for and searches them one by one, so a caller sending distinct names without end
/// (3,000 cost 117 CPU-seconds and 11 MB that stayed, and a call with a locale took 11–25 ms
/// after them). The daemon now hands glibc only the names the system has, one per locale.
/// Timed: `make test` runs it by itself (SOLO_TESTS).
@Suite("Locale names as a resource")
struct LocaleFloodTests {
    /// The `index`th of many distinct names: one locale's in ever new spellings (modifiers,
    /// codesets, another codeset than UTF-8), and names of locales no system has.
    static func name(_ index: Int) -> String {
        switch index % 5 {
        case 0: "de_DE.UTF-8@m\(index)"
        case 1: "fr_FR.utf8@x\(index)"
        case 2: "ja_JP.eucJP@k\(index)"
        case 3: "es_ES.codeset\(index)"
        default: "xx_Y\(index).UTF-8"
        }
    }

    @Test("2,000 distinct locale names leave the daemon's memory within 1 MB of where it was, and a call with a locale is answered after them within 3 times a call without one")
    func distinctNames() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let fixture = try Fixture(environment: catalogs.environment("C.UTF-8"))
        let pid = fixture.daemon.process.pid
        // Warm up, so that what the daemon makes on first use (each language's words) exists
        // before memory is read.
        _ = try cycle(fixture, names: (10_000..<10_300).map(Self.name))
        let residentBefore = try residentKiB(of: pid)
        let started = monotonicNanoseconds()
        let (opened, refused) = try cycle(fixture, names: (0..<2_000).map(Self.name))
        let floodSeconds = secondsSince(started)
        let residentAfter = try residentKiB(of: pid)
        #expect(opened == 1_600 && refused == 400, "\(opened) sessions, \(refused) refused")

        // Calls with a locale after the flood against calls without one, taken in turns, so
        // that both meet the same machine at the same moment: before the fix the first took
        // 11–34 ms against well under 1 ms for the second.
        var withLocale: [Double] = []
        var withoutLocale: [Double] = []
        for index in 0..<21 {
            withLocale.append(try answerTime(fixture, options: ["locale": .string("de_DE.UTF-8@late\(index)")]))
            withoutLocale.append(try answerTime(fixture, options: [:]))
        }
        let median = withLocale.sorted()[withLocale.count / 2]
        let baseline = withoutLocale.sorted()[withoutLocale.count / 2]
        print("  2,000 locale names in \(String(format: "%.1f", floodSeconds)) s: VmRSS \(residentBefore) → \(residentAfter) KiB; after them a call with a locale was answered in \(String(format: "%.2f", median * 1000)) ms, one without in \(String(format: "%.2f", baseline * 1000)) ms (medians of 21, in turns)")
        if SanitizerBuild.measuresFigures {
            #expect(residentAfter - residentBefore < 1024, "resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")
            #expect(median < 3 * baseline, "a call with a locale took \(String(format: "%.2f", median * 1000)) ms, one without \(String(format: "%.2f", baseline * 1000)) ms")
        }
        // The many spellings of one locale are one language: German words for every one.
        _ = try fixture.client.showTimePicker(["locale": .string("de_DE.UTF-8@last")])
        try fixture.screen.waitForScreen(containing: "Gewählt:")
    }

    /// Seconds ShowTimePicker with `options` took to be answered; the session is then cancelled.
    private func answerTime(_ fixture: Fixture, options: [String: DBusValue]) throws -> Double {
        let asked = monotonicNanoseconds()
        let session = try fixture.client.showTimePicker(options)
        let answered = secondsSince(asked)
        _ = try fixture.client.call("Cancel", path: session, interface: BusClient.sessionInterface)
        _ = try fixture.client.waitForSignal("Cancelled", path: session)
        return answered
    }

    /// ShowTimePicker with each of `names`, 16 at a time (a connection's limit), each session
    /// cancelled once all 16 are answered; how many were opened and how many refused (with
    /// InvalidArgs naming the locale).
    private func cycle(_ fixture: Fixture, names: [String]) throws -> (opened: Int, refused: Int) {
        var opened = 0
        var refused = 0
        for batch in stride(from: 0, to: names.count, by: 16) {
            let serials = try names[batch..<min(batch + 16, names.count)].map { name in
                try fixture.client.startCall("ShowTimePicker", [.vardict(["locale": .string(name)])])
            }
            var sessions: [ObjectPath] = []
            for serial in serials {
                let reply = try fixture.client.waitForReply(to: serial)
                if case .objectPath(let session)? = try reply.arguments().first {
                    sessions.append(session)
                } else {
                    #expect(reply.errorName == "org.freedesktop.DBus.Error.InvalidArgs" && reply.errorMessage?.contains("option 'locale'") == true)
                    refused += 1
                }
            }
            for session in sessions { _ = try fixture.client.startCall("Cancel", path: session, interface: BusClient.sessionInterface) }
            for session in sessions { _ = try fixture.client.waitForSignal("Cancelled", path: session) }
            opened += sessions.count
        }
        return (opened, refused)
    }
}
