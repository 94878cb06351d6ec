import TimePickerCore

/// What a TZif file (RFC 8536: tzdata's compiled zones, /usr/share/zoneinfo/*) says: its
/// transitions, the local time types they change to, and the footer's rule for the times after
/// them. Read from the version 2+ data block (64-bit times) when there is one, else from the
/// version 1 block.
///
/// Every count is checked against the file's length and every index against its table before
/// use: a file that is not TZif, is cut short or contradicts itself gives nil, never a crash.
struct TZifFile: Sendable {
    /// When each transition happens, in seconds since 1970-01-01T00:00:00Z, increasing.
    let transitionTimes: [Int64]
    /// The local time type each transition changes to, as an index into `types`.
    let transitionTypes: [Int]
    /// The local time types (at least one); the first is in force before the first transition.
    let types: [ZoneOffset]
    /// The rule for the times after the last transition (the footer), when the file has one.
    let footer: PosixZoneRule?

    /// The widest UTC offset a file may give (RFC 9636: -89999 through 93599 seconds).
    private static let offsets = -89_999...93_599

    /// The contents of a TZif file; nil when `bytes` are not one.
    init?(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard let first = Header(&reader) else { return nil }
        // A version 1 file has only 32-bit times; later ones repeat everything in 64 bits.
        guard first.version >= UInt8(ascii: "2") else {
            guard let block = Self.dataBlock(&reader, header: first, timeSize: 4) else { return nil }
            self.init(block: block, footer: nil)
            return
        }
        guard reader.skip(first.dataBlockLength(timeSize: 4)), let second = Header(&reader),
            let block = Self.dataBlock(&reader, header: second, timeSize: 8),
            let footerText = Self.footer(&reader)
        else { return nil }
        var footer: PosixZoneRule?
        if !footerText.isEmpty {
            guard let rule = PosixZoneRule(footerText) else { return nil }
            footer = rule
        }
        self.init(block: block, footer: footer)
    }

    private init(block: DataBlock, footer: PosixZoneRule?) {
        transitionTimes = block.times
        transitionTypes = block.typeIndices
        types = block.types
        self.footer = footer
    }

    /// A data block's transitions and types, checked.
    private struct DataBlock {
        var times: [Int64] = []
        var typeIndices: [Int] = []
        var types: [ZoneOffset] = []
    }

    /// The data block after `header`, times `timeSize` bytes wide; nil when it is cut short or
    /// inconsistent.
    private static func dataBlock(_ reader: inout ByteReader, header: Header, timeSize: Int) -> DataBlock? {
        // Leap-second ("right/") zones count leap seconds in their times, which nothing else here
        // does; isstd and isut serve only POSIX rules without dates, which a footer never is.
        guard header.typeCount >= 1, header.characterCount >= 1, header.leapCount == 0,
            header.standardIndicatorCount == 0 || header.standardIndicatorCount == header.typeCount,
            header.universalIndicatorCount == 0 || header.universalIndicatorCount == header.typeCount,
            reader.remaining >= header.dataBlockLength(timeSize: timeSize)
        else { return nil }
        var block = DataBlock()
        block.times.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
            if let previous = block.times.last, time <= previous { return nil }
            block.times.append(time)
        }
        block.typeIndices.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            guard let index = reader.byte(), Int(index) < header.typeCount else { return nil }
            block.typeIndices.append(Int(index))
        }
        var rawTypes: [(offset: Int, abbreviationIndex: Int)] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.int32(), let isDaylight = reader.byte(), let abbreviationIndex = reader.byte(),
                offsets.contains(Int(offset)), isDaylight <= 1
            else { return nil }
            rawTypes.append((Int(offset), Int(abbreviationIndex)))
        }
        guard let characters = reader.bytes(header.characterCount) else { return nil }
        for type in rawTypes {
            guard let abbreviation = Self.abbreviation(in: characters, at: type.abbreviationIndex) else { return nil }
            block.types.append(ZoneOffset(seconds: type.offset, abbreviation: abbreviation))
        }
        guard reader.skip(header.standardIndicatorCount + header.universalIndicatorCount) else { return nil }
        return block
    }

    /// The NUL-terminated abbreviation at `index` of the block's characters; nil when it runs
    /// past them or holds what a person should not be shown (RFC 8536 allows only letters,
    /// digits, '+' and '-'; an empty one is allowed).
    private static func abbreviation(in characters: ArraySlice<UInt8>, at index: Int) -> String? {
        let start = characters.startIndex + index
        guard index < characters.count, let end = characters[start...].firstIndex(of: 0) else { return nil }
        let text = characters[start..<end]
        guard text.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// The footer: a POSIX TZ rule between two newlines that end the file (possibly empty).
    private static func footer(_ reader: inout ByteReader) -> ArraySlice<UInt8>? {
        guard reader.byte() == UInt8(ascii: "\n"), let rest = reader.bytes(reader.remaining),
            let end = rest.firstIndex(of: UInt8(ascii: "\n")), end == rest.endIndex - 1
        else { return nil }
        return rest[rest.startIndex..<end]
    }
}

/// A TZif header: the version and the counts of what its data block holds.
private struct Header {
    let version: UInt8
    let universalIndicatorCount: Int
    let standardIndicatorCount: Int
    let leapCount: Int
    let transitionCount: Int
    let typeCount: Int
    let characterCount: Int

    /// The first four bytes of every TZif file, and of its second header.
    private static let magic = Array("TZif".utf8)

    /// The header at the reader's position; nil when it is not one.
    init?(_ reader: inout ByteReader) {
        guard reader.bytes(4).map(Array.init) == Self.magic, let version = reader.byte(),
            version == 0 || version >= UInt8(ascii: "2"), reader.skip(15)
        else { return nil }
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = reader.uint32() else { return nil }
            counts.append(Int(count))
        }
        self.version = version
        (universalIndicatorCount, standardIndicatorCount, leapCount) = (counts[0], counts[1], counts[2])
        (transitionCount, typeCount, characterCount) = (counts[3], counts[4], counts[5])
    }

    /// The length of the data block that follows, times being `timeSize` bytes wide (counts
    /// are below 2^32, so nothing overflows).
    func dataBlockLength(timeSize: Int) -> Int {
        transitionCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
            + standardIndicatorCount + universalIndicatorCount
    }
}

/// Big-endian numbers and runs of bytes read from the front of a byte array, never past its end.
private struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// How many bytes are left.
    var remaining: Int { bytes.count - position }

    /// The next `count` bytes; nil when fewer are left.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// Moves past `count` bytes; false when fewer are left.
    mutating func skip(_ count: Int) -> Bool { bytes(count) != nil }

    mutating func byte() -> UInt8? { bytes(1)?.first }

    mutating func uint32() -> UInt32? {
        bytes(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }

    mutating func int64() -> Int64? {
        bytes(8).map { Int64(bitPattern: $0.reduce(0) { $0 << 8 | UInt64($1) }) }
    }
}
