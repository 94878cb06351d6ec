import Foundation
import Glibc
@testable import Localization
import Testing

/// glibc's locale archive read only when it is glibc's format and holds together: one that
/// localedef wrote, damaged in each way a file may differ from it (SystemLocalesTests reads it whole).
@Suite("The locale archive: glibc's format or none")
struct LocaleArchiveTests {
    /// An archive of de_DE.UTF-8 and ja_JP.EUC-JP as localedef writes it, made once.
    static let pristine: Result<[UInt8], any Error> = Result {
        let directory = try SystemLocalesTests.TemporaryLocales()
        try FileManager.default.createDirectory(atPath: directory.path + "/usr/lib/locale", withIntermediateDirectories: true)
        try directory.localedef(["--prefix=" + directory.path, "-i", "de_DE", "-f", "UTF-8", "de_DE.UTF-8"])
        try directory.localedef(["--prefix=" + directory.path, "-i", "ja_JP", "-f", "EUC-JP", "ja_JP.EUC-JP"])
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path + "/usr/lib/locale/locale-archive")))
    }

    /// A way a file is not an archive of glibc's format, applied to the one localedef wrote.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case otherMagic = "another magic number (the other byte order's, as localedef --big-endian writes)"
        case truncatedHeader = "a header cut short"
        case tablesPastTheEnd = "the file cut after the header, its tables past the end"
        case tableInTheHeader = "the name table starting inside the header"
        case moreUsedThanRoom = "more of the string table used than its size"
        case namePastTheStrings = "a name's offset past the string table's used bytes"
        case recordPastTheRecords = "a locale record's offset past the records used"
        case recordBetweenRecords = "a locale record's offset inside another record"

        var testDescription: String { rawValue }

        /// The archive `bytes` with this damage.
        func applied(to bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            let header = (0..<14).map { field(bytes, at: $0 * 4) }
            // The first name entry in use (one with a locale record): its name and record offsets.
            let names = header[2]
            let used = (0..<header[4]).map { names + $0 * 12 }.first { field(bytes, at: $0 + 8) != 0 } ?? names
            switch self {
            case .otherMagic: set(&bytes, at: 0, UInt32(0xDE02_0109).byteSwapped)
            case .truncatedHeader: bytes.removeSubrange(40...)
            case .tablesPastTheEnd: bytes.removeSubrange(56...)
            case .tableInTheHeader: set(&bytes, at: 2 * 4, 8)
            case .moreUsedThanRoom: set(&bytes, at: 6 * 4, UInt32(header[7] + 1))
            case .namePastTheStrings: set(&bytes, at: used + 4, UInt32(header[5] + header[6] + 4))
            case .recordPastTheRecords: set(&bytes, at: used + 8, UInt32(header[8] + header[9] * 108))
            case .recordBetweenRecords: set(&bytes, at: used + 8, UInt32(field(bytes, at: used + 8) + 4))
            }
            return bytes
        }

        /// The 32-bit field at byte `offset`, in the machine's byte order.
        private func field(_ bytes: [UInt8], at offset: Int) -> Int {
            bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        }

        /// Writes `value` at byte `offset`, in the machine's byte order.
        private func set(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
            withUnsafeBytes(of: value) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
        }
    }

    @Test("A file that is not glibc's format, or does not hold together, is no archive: none of its names, the directories' locales still found", arguments: Damage.allCases)
    func damaged(_ damage: Damage) throws {
        let directory = try SystemLocalesTests.TemporaryLocales()
        let archive = directory.path + "/locale-archive"
        try Data(damage.applied(to: try Self.pristine.get())).write(to: URL(fileURLWithPath: archive))
        #expect(LocaleArchive.names(atPath: archive).isEmpty)
        let compiled = directory.path + "/compiled"
        try FileManager.default.createDirectory(atPath: compiled, withIntermediateDirectories: true)
        try directory.localedef(["-i", "de_DE", "-f", "UTF-8", compiled + "/xx_YY.UTF-8"])
        let locales = SystemLocales(archive: archive, directories: [compiled])
        #expect(locales.utf8Locale(for: "de_DE.UTF-8") == nil, "as with no archive")
        #expect(locales.utf8Locale(for: "xx_YY.UTF-8") == "xx_YY.UTF-8", "the directory's locale")
    }
}
