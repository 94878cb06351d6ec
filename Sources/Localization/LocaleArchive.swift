internal import Glibc
internal import SystemKit

/// The names of the locales in glibc's locale archive (`/usr/lib/locale/locale-archive`, which
/// `locale-gen` and `localedef` write), read as `locale -a` reads them: the archive's header,
/// then its table of names, whose used entries point into its string table. Only those parts
/// are read (an archive of every locale is hundreds of megabytes).
///
/// The format is glibc's private one, `locale/locarchive.h`, which has no version but its magic
/// number: `AR_MAGIC` 0xde020109, then 13 more 32-bit fields (a serial, and the offset, the used
/// count and the size of the name table, the string table, the locale records and the MD5 sums),
/// in the byte order of the machine that wrote it; a name entry is 3 fields (hash, name offset,
/// record offset), a record 4 + 13 × 8 bytes. That is the format of glibc's sources from 2013 to
/// 2023 (2.18 to 2.37 at least; Debian 12 has 2.36). Anything else is taken for no archive, as
/// a missing one is: another magic (or byte order), a short header, a table that reaches into
/// the header or past the end of the file, more used than its size, an entry pointing outside
/// its tables. No name of such a file is read, so the locales are found in the directories, or
/// are reported missing.
enum LocaleArchive {
    /// glibc's default archive.
    static let defaultPath = "/usr/lib/locale/locale-archive"

    /// The archive's magic number (`AR_MAGIC`), in the machine's byte order as glibc writes it.
    private static let magic: UInt32 = 0xDE02_0109
    /// The header (`struct locarhead`): 14 32-bit fields.
    private static let headerSize = 56
    /// A name table entry (`struct namehashent`): hash, name offset, locale record offset.
    private static let nameEntrySize = 12
    /// A locale record (`struct locrecent`): a count, and an offset and a length per category
    /// (`__LC_LAST`, 13, counting `LC_ALL`'s place).
    private static let recordSize = 4 + 13 * 8
    /// An MD5 sum's entry (`struct sumhashent`): the sum, a file offset.
    private static let sumEntrySize = 20
    /// More entries or string bytes than this is no archive of real locales (all of glibc's
    /// take about 1,000 entries and 10 KiB of names).
    private static let maximumEntries = 1 << 16
    private static let maximumStringBytes = 1 << 20

    /// The names in the archive at `path`; empty when there is none or it is no archive of the
    /// format above.
    static func names(atPath path: String) -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let bytes = read(descriptor, at: 0, count: headerSize),
              let header = Header(bytes, fileSize: Int(status.st_size)),
              header.names.size <= maximumEntries, header.strings.used <= maximumStringBytes,
              let table = read(descriptor, at: header.names.offset, count: header.names.size * nameEntrySize),
              let strings = read(descriptor, at: header.strings.offset, count: header.strings.used)
        else { return [] }
        return names(in: table, strings: strings, header: header) ?? []
    }

    /// The names the used entries of `table` give, `strings` being the string table's used
    /// bytes; nil when an entry points outside its tables, or more are used than the header says.
    private static func names(in table: [UInt8], strings: [UInt8], header: Header) -> [String]? {
        var names: [String] = []
        for entry in 0..<header.names.size {
            let record = field(table, entry * 3 + 2)
            // An entry without a locale record is unused (or its locale was removed).
            guard record != 0 else { continue }
            let nameOffset = field(table, entry * 3 + 1)
            guard header.records.holdsUsedEntry(at: record), header.strings.holdsUsedByte(at: nameOffset) else { return nil }
            let start = nameOffset - header.strings.offset
            guard let end = strings[start...].firstIndex(of: 0), end > start else { return nil }
            names.append(String(decoding: strings[start..<end], as: UTF8.self))
        }
        return names.count <= header.names.used ? names : nil
    }

    /// What the header says, checked to describe an archive of glibc's format in a file of
    /// `fileSize` bytes: each table after the header and within the file, no more used than its size.
    private struct Header {
        let names: Table
        let strings: Table
        let records: Table

        init?(_ bytes: [UInt8], fileSize: Int) {
            guard field(bytes, 0) == Int(magic) else { return nil }
            names = Table(bytes, firstField: 2, entrySize: nameEntrySize)
            strings = Table(bytes, firstField: 5, entrySize: 1)
            records = Table(bytes, firstField: 8, entrySize: recordSize)
            let sums = Table(bytes, firstField: 11, entrySize: sumEntrySize)
            guard [names, strings, records, sums].allSatisfy({ $0.fits(fileSize: fileSize) }) else { return nil }
        }
    }

    /// One of the archive's tables: where it starts, how many entries are used, how many it has room for.
    private struct Table {
        let offset: Int
        let used: Int
        let size: Int
        let entrySize: Int

        /// The table whose offset, used count and size are the header's fields from `firstField`.
        init(_ header: [UInt8], firstField: Int, entrySize: Int) {
            offset = field(header, firstField)
            used = field(header, firstField + 1)
            size = field(header, firstField + 2)
            self.entrySize = entrySize
        }

        /// Whether the table lies after the header and within a file of `fileSize` bytes, and
        /// uses no more than its room.
        func fits(fileSize: Int) -> Bool {
            used <= size && offset >= headerSize && offset + size * entrySize <= fileSize
        }

        /// Whether `position`, an offset in the file, is the start of one of the used entries.
        func holdsUsedEntry(at position: Int) -> Bool {
            position >= offset && position < offset + used * entrySize && (position - offset) % entrySize == 0
        }

        /// Whether `position`, an offset in the file, is one of the used bytes (a table of bytes).
        func holdsUsedByte(at position: Int) -> Bool {
            position >= offset && position < offset + used
        }
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
