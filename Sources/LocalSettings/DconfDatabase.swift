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

    /// The most items a lookup visits (each at most once), and the most key bytes it compares:
    /// a user's settings have a few hundred keys of a few dozen bytes. A file that needs more
    /// (crafted: dconf writes no such thing) reads as if the key were not set.
    static let maximumItemsVisited = 1 << 16
    static let maximumKeyBytesCompared = 1 << 20

    /// The string stored at `key` ("/org/gnome/desktop/interface/clock-format"); nil when the
    /// key is not there or holds no string, or finding it would take more than the bounds.
    ///
    /// GVDB stores each key as a suffix of its parent's. Each item is visited at most once:
    /// whether its whole key is the start of `key`, and how long it is, is kept, so a chain
    /// shared by many items is followed once, and a loop is seen when it comes back to an item
    /// still being followed.
    func string(at key: String) -> String? {
        guard let rootStart = uint32(at: 16), let rootEnd = uint32(at: 20), rootStart + 8 <= rootEnd, rootEnd <= bytes.count,
              let bloomWords = uint32(at: rootStart), let buckets = uint32(at: rootStart + 4)
        else { return nil }
        let itemsStart = rootStart + 8 + 4 * (bloomWords & 0x07FF_FFFF) + 4 * buckets
        guard itemsStart <= rootEnd else { return nil }
        var lookup = PrefixLookup(database: self, wanted: Array(key.utf8), itemsStart: itemsStart, count: (rootEnd - itemsStart) / Self.itemSize)
        for index in 0..<lookup.count {
            switch lookup.prefixLength(ofItem: index) {
            case .exhausted:
                return nil
            case .length(let length) where length == lookup.wanted.count:
                let item = itemsStart + index * Self.itemSize
                guard bytes[item + 14] == UInt8(ascii: "v"), let start = uint32(at: item + 16), let end = uint32(at: item + 20),
                      start <= end, end <= bytes.count
                else { return nil }
                return Self.stringInVariant(Array(bytes[start..<end]))
            default:
                continue
            }
        }
        return nil
    }

    /// What is known of an item's whole key while looking for one key.
    private enum PrefixState: Equatable {
        case unknown
        /// Being followed up its chain of parents: met again, the chain loops.
        case following
        /// Its whole key is the first `length` bytes of the key looked for.
        case length(Int)
        /// Its whole key is not the start of the key looked for (or its chain is malformed).
        case none
        /// The lookup reached its bounds.
        case exhausted
    }

    /// One lookup's walk over the items, within the bounds.
    private struct PrefixLookup {
        let database: DconfDatabase
        let wanted: [UInt8]
        let itemsStart: Int
        let count: Int
        /// What is known of each item, for the first `maximumItemsVisited` items: a lookup
        /// that needs one beyond is exhausted.
        private var states: [PrefixState]
        /// Key bytes compared so far.
        private var compared = 0

        init(database: DconfDatabase, wanted: [UInt8], itemsStart: Int, count: Int) {
            self.database = database
            self.wanted = wanted
            self.itemsStart = itemsStart
            self.count = count
            states = Array(repeating: .unknown, count: min(count, DconfDatabase.maximumItemsVisited))
        }

        /// Whether item `index`'s whole key starts the key looked for, and how long it is:
        /// its parents' first (each once), then its own part compared at their end.
        mutating func prefixLength(ofItem index: Int) -> PrefixState {
            guard index < states.count else { return .exhausted }
            guard states[index] == .unknown else { return states[index] }
            // Up the chain to the root, a malformed parent, or an item already met.
            var chain: [Int] = []
            var current = index
            var above: PrefixState
            while true {
                states[current] = .following
                chain.append(current)
                guard let parent = database.uint32(at: itemsStart + current * DconfDatabase.itemSize + 4) else {
                    above = .none
                    break
                }
                if parent == 0xFFFF_FFFF {
                    above = .length(0)
                    break
                }
                guard parent < count else {
                    above = .none
                    break
                }
                guard parent < states.count else { return .exhausted }
                guard states[parent] == .unknown else {
                    // Met while following this chain: a loop, whose keys never reach the root.
                    above = states[parent] == .following ? .none : states[parent]
                    break
                }
                current = parent
            }
            // Down again: each item's key is its parent's and its own part.
            for item in chain.reversed() {
                if case .length(let length) = above {
                    above = ownPart(ofItem: item, at: length)
                    if above == .exhausted { return .exhausted }
                }
                states[item] = above
            }
            return states[index]
        }

        /// Whether item `item`'s own part of its key is the key looked for's bytes from `offset`.
        private mutating func ownPart(ofItem item: Int, at offset: Int) -> PrefixState {
            let start = itemsStart + item * DconfDatabase.itemSize
            guard let keyStart = database.uint32(at: start + 8), start + 13 < database.bytes.count else { return .none }
            let keySize = Int(database.bytes[start + 12]) | Int(database.bytes[start + 13]) << 8
            guard keyStart + keySize <= database.bytes.count, offset + keySize <= wanted.count else { return .none }
            compared += keySize
            guard compared <= DconfDatabase.maximumKeyBytesCompared else { return .exhausted }
            return database.bytes[keyStart..<keyStart + keySize].elementsEqual(wanted[offset..<offset + keySize]) ? .length(offset + keySize) : .none
        }
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
