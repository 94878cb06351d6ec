import DBusKit
import Foundation
import TestHarness
import Testing

/// What Orca says as the dialog opens (issue 39): a dated picker's day, in full words, with the
/// dialog's name. Part of `ScreenReaderDesktopTests`, whose tests run one at a time (one Orca per user).
extension ScreenReaderDesktopTests {
    /// A picker on Saturday 28 March 2026 in Berlin, the day before the clocks go forward.
    private static let dated: [String: DBusValue] = [
        "step": .uint32(30), "start": .string("09:00"), "end": .string("17:30"), "date": .string("2026-03-28"), "time_zone": .string("Europe/Berlin"),
    ]

    @Test("In English: a dated picker's day is said as it opens ('Saturday 28 March'), with the dialog's name")
    func datedDayEnglish() throws {
        let title = "Dated meeting"
        let (_, _, opening) = try open(Self.dated.merging(["clock": .string("24h")]) { $1 }, title: title)
        #expect(opening.contains { $0.hasPrefix("\(title) dialog") && $0.contains("Saturday 28 March") }, "\(opening)")
    }

    @Test("In German: the day in German as it opens ('Samstag, 28. März')")
    func datedDayGerman() throws {
        let catalogs = try LocaleTests.CompiledCatalogs()
        let title = "Datierte Besprechung"
        let (_, _, opening) = try open(
            Self.dated.merging(["clock": .string("24h"), "locale": .string("de_DE.UTF-8")]) { $1 }, title: title,
            environment: catalogs.environment("C.UTF-8"))
        #expect(opening.contains { $0.hasPrefix("\(title) dialog") && $0.contains("Samstag, 28. März") }, "\(opening)")
    }
}
