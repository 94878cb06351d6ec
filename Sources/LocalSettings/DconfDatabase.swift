internal import Glibc
internal import SystemKit

/// A dconf database file (`~/.config/dconf/user`, where GSettings keeps a GNOME user's
/// settings), read for one string key: GLib's GVDB format, a hash table of keys whose values
/// are serialized GVariants. Only what reading a string needs is implemented: the file's
/// table is scanned, not hashed into, and values of other types read as nil. Every offset is
/// checked against the file, which may be anything.
struct DconfDatabase {
    private let bytes: [UInt8]

    /// The file's contents, when it is a little-endian GVDB file of at most `maximumBytes`.
    init?(contents: [UInt8]) {
        guard contents.count >= Self.headerSize, Array(contents[0..<8]) == Array("GVariant".utf8) else { return nil }
        bytes = contents
    }

    /// Reads the database at `path`; nil when there is none, or it is no GVDB file.
    init?(path: String) {
        guard let contents = readFile(atPath: path, maximumBytes: Self.maximumBytes) else { return nil }
        self.init(contents: contents)
    }

    static let headerSize = 24
    static let itemSize = 24
    /// A settings database is a few KiB; anything past this is not one worth reading.
    static let maximumBytes = 16 << 20

    /// The string stored at `key` ("/org/gnome/desktop/interface/clock-format"); nil when the
    /// key is not there or holds no string.
    func string(at key: String) -> String? {
        guard let rootStart = uint32(at: 16), let rootEnd = uint32(at: 20), rootStart + 8 <= rootEnd, rootEnd <= bytes.count,
              let bloomWords = uint32(at: rootStart), let buckets = uint32(at: rootStart + 4)
        else { return nil }
        let itemsStart = rootStart + 8 + 4 * (bloomWords & 0x07FF_FFFF) + 4 * buckets
        guard itemsStart <= rootEnd else { return nil }
        let count = (rootEnd - itemsStart) / Self.itemSize
        let wanted = Array(key.utf8)
        for index in 0..<count {
            guard fullKey(ofItem: index, itemsStart: itemsStart, count: count) == wanted else { continue }
            let item = itemsStart + index * Self.itemSize
            guard bytes[item + 14] == UInt8(ascii: "v"), let start = uint32(at: item + 16), let end = uint32(at: item + 20),
                  start <= end, end <= bytes.count
            else { return nil }
            return Self.stringInVariant(Array(bytes[start..<end]))
        }
        return nil
    }

    /// The whole key of item `index`: its parents' keys, then its own (GVDB stores each key as
    /// a suffix of its parent's). Nil for a malformed chain.
    private func fullKey(ofItem index: Int, itemsStart: Int, count: Int) -> [UInt8]? {
        var parts: [[UInt8]] = []
        var current = index
        // A chain longer than the table loops.
        for _ in 0...count {
            let item = itemsStart + current * Self.itemSize
            guard let parent = uint32(at: item + 4), let keyStart = uint32(at: item + 8) else { return nil }
            let keySize = Int(bytes[item + 12]) | Int(bytes[item + 13]) << 8
            guard keyStart + keySize <= bytes.count else { return nil }
            parts.append(Array(bytes[keyStart..<keyStart + keySize]))
            if parent == 0xFFFF_FFFF { return parts.reversed().flatMap { $0 } }
            guard parent < count else { return nil }
            current = parent
        }
        return nil
    }

    /// The string in a serialized GVariant of type "v" holding an "s": the string's bytes and
    /// its NUL, a NUL, then the type "s".
    static func stringInVariant(_ variant: [UInt8]) -> String? {
        guard variant.count >= 4, variant.suffix(2) == [0, UInt8(ascii: "s")], variant[variant.count - 3] == 0 else { return nil }
        let string = variant[0..<(variant.count - 3)]
        guard !string.contains(0) else { return nil }
        return String(decoding: string, as: UTF8.self)
    }

    /// The little-endian 32-bit value at `offset`, as an offset or count; nil past the end.
    private func uint32(at offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
