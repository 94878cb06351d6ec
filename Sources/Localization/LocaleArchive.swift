internal import Glibc
internal import SystemKit

/// The names of the locales in glibc's locale archive (`/usr/lib/locale/locale-archive`, which
/// `locale-gen` and `localedef` write), read as `locale -a` reads them: the archive's header,
/// then its table of names, whose used entries point into its string table. Only those parts
/// are read (an archive of every locale is hundreds of megabytes), each checked against the
/// file, which may be anything.
enum LocaleArchive {
    /// glibc's default archive.
    static let defaultPath = "/usr/lib/locale/locale-archive"

    /// The archive's magic number (`AR_MAGIC`), in the machine's byte order as glibc writes it.
    private static let magic: UInt32 = 0xDE02_0109
    /// The header: 14 32-bit fields, of which the magic, the name table's offset and size,
    /// and the string table's offset and size are read.
    private static let headerSize = 56
    /// A name table entry: hash, name offset, locale record offset.
    private static let entrySize = 12
    /// More entries or string bytes than this is no archive of real locales (all of glibc's
    /// take about 1,000 entries and 10 KiB of names).
    private static let maximumEntries = 1 << 16
    private static let maximumStringBytes = 1 << 20

    /// The names in the archive at `path`; empty when there is none or it is no archive.
    static func names(atPath path: String) -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard let header = read(descriptor, at: 0, count: headerSize), field(header, 0) == Int(magic) else { return [] }
        let tableOffset = field(header, 2)
        let tableSize = field(header, 4)
        let stringOffset = field(header, 5)
        let stringUsed = field(header, 6)
        guard tableSize <= maximumEntries, stringUsed <= maximumStringBytes,
              let table = read(descriptor, at: tableOffset, count: tableSize * entrySize),
              let strings = read(descriptor, at: stringOffset, count: stringUsed)
        else { return [] }
        var names: [String] = []
        for entry in 0..<tableSize {
            let nameOffset = field(table, entry * 3 + 1)
            // An entry without a locale record is unused (or was removed).
            guard field(table, entry * 3 + 2) != 0, nameOffset >= stringOffset, nameOffset < stringOffset + stringUsed else { continue }
            let start = nameOffset - stringOffset
            guard let end = strings[start...].firstIndex(of: 0), end > start else { continue }
            names.append(String(decoding: strings[start..<end], as: UTF8.self))
        }
        return names
    }

    /// The 32-bit field `index` of `bytes`, in the machine's byte order.
    private static func field(_ bytes: [UInt8], _ index: Int) -> Int {
        bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
    }

    /// Exactly `count` bytes at `offset`; nil when the file holds fewer.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return retryingAfterInterrupts { pread(descriptor, base + done, count - done, off_t(offset + done)) }
            }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
