import DBusKit

/// Random D-Bus input for the fuzz test: text, numbers, times, value trees of any type, and
/// picker options that are valid or wrong in exactly one place.
///
/// Every tree it makes is one libdbus accepts for sending (a tree libdbus rejects aborts the
/// sender; one the bus rejects disconnects it): signatures stay short, dictionary keys basic,
/// and containers nest at most `maximumDepth` deep inside the options.
struct FuzzInput {
    var rng: FuzzGenerator
    /// Descriptors to send: pipes, /dev/null, a directory, a socket, terminals.
    let descriptors: [Int32]
    /// Terminals a valid `terminal` option may name.
    let terminals: [Int32]

    /// D-Bus allows 64 levels of containers in a message, variants included; an a{sv} option
    /// takes three (array, entry, variant).
    static let maximumDepth = 60

    /// Text of 100 KiB, made once.
    static let hugeText = String(repeating: "0123456789abcdef", count: 6400)

    init(seed: UInt64, descriptors: [Int32], terminals: [Int32]) {
        rng = FuzzGenerator(seed: seed)
        self.descriptors = descriptors
        self.terminals = terminals
    }

    // MARK: Choices

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }

    // MARK: Text and numbers

    /// Text of every awkward kind: empty, huge, control characters and escape sequences,
    /// bidirectional overrides, piles of combining marks, emoji sequences, plain words.
    mutating func text() -> String {
        switch int(0...11) {
        case 0: return ""
        case 1: return Self.hugeText
        case 2: return String(repeating: "\u{1B}[2J\u{1B}]0;owned\u{07}\r\n\u{08}\u{7F}\u{9B}31m", count: int(1...50))
        case 3: return "\u{202E}evil\u{202C}\u{2066}\u{200F}txt\u{2069}\u{061C}"
        case 4: return "e" + String(repeating: "\u{0301}", count: int(1...3000))
        case 5: return String(repeating: "👨‍👩‍👧‍👦", count: int(1...300))
        case 6: return String((0..<int(1...64)).map { _ in Character(Unicode.Scalar(UInt8(int(1...31)))) })
        case 7: return "\u{FEFF}\u{FFFD}\u{FFFF}\u{10FFFF}\u{E000}"
        case 8: return String(repeating: "x", count: int(190...260))
        case 9: return "09:00"
        case 10: return pick(FuzzOptionKeys.knownKeys)
        default: return word()
        }
    }

    /// Letters, digits and '_'; a valid member name or path element.
    mutating func word(length: ClosedRange<Int> = 1...12) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let tail = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        let count = int(length)
        return String([pick(letters)] + (1..<max(count, 1)).map { _ in pick(tail) })
    }

    /// The edges of uint32, and values around the ones the options care about.
    mutating func number() -> UInt32 {
        pick([0, 1, 2, 7, 59, 60, 61, 1439, 1440, 1441, 2880, 65535, UInt32(Int32.max), UInt32(Int32.max) + 1, UInt32.max - 1, UInt32.max])
    }

    /// Strings that look like times and are not: out of range, badly written, other digits.
    mutating func badTime() -> String {
        pick([
            "99:99", "24:01", "-1:00", "25:00", "23:60", "9:0", "09:0", "0900", "09:00:00", " 09:00", "09:00 ",
            "09.00", "０９:００", "٠٩:٠٠", "+9:00", "", ":", "24:00\u{0301}", "ab:cd", "99999999999:00", Self.hugeText,
        ])
    }

    // MARK: Values

    /// A value of a random type, at most `depth` containers deep and with few nodes.
    mutating func value(depth: Int = 4) -> DBusValue {
        var nodes = 8
        return value(of: type(depth: depth, nodes: &nodes), depth: depth)
    }

    /// A value whose type is not `signature`.
    mutating func value(notOfType signature: String) -> DBusValue {
        while true {
            let candidate = chance(0.2) ? .variant(value()) : value()
            if candidate.signature != signature { return candidate }
        }
    }

    /// A chain of `depth` containers: variants in variants, arrays of arrays, structures in
    /// structures, or a mix.
    mutating func deepValue(depth: Int) -> DBusValue {
        var result: DBusValue = .string("bottom")
        var arrays = 0
        var structures = 0
        for _ in 0..<depth {
            switch int(0...2) {
            case 0 where arrays < 30:
                arrays += 1
                result = .array(elementSignature: result.signature, elements: [result])
            case 1 where structures < 30:
                structures += 1
                result = .structure([result])
            default:
                result = .variant(result)
            }
        }
        return result
    }

    /// The shape of a value tree, chosen before its values are.
    private indirect enum ValueType {
        case basic(Character)
        case array(ValueType)
        case dictionary(key: Character, value: ValueType)
        case structure([ValueType])
        case variant
    }

    private static let basicCodes: [Character] = Array("ybnqiuxtdsogh")

    private mutating func type(depth: Int, nodes: inout Int) -> ValueType {
        nodes -= 1
        guard depth > 0, nodes > 0, chance(0.5) else { return .basic(pick(Self.basicCodes)) }
        switch int(0...3) {
        case 0: return .array(type(depth: depth - 1, nodes: &nodes))
        case 1: return .dictionary(key: pick(Self.basicCodes), value: type(depth: depth - 2, nodes: &nodes))
        case 2: return .structure((0..<int(1...3)).map { _ in type(depth: depth - 1, nodes: &nodes) })
        default: return .variant
        }
    }

    private static func signature(of type: ValueType) -> String {
        switch type {
        case .basic(let code): String(code)
        case .array(let element): "a" + signature(of: element)
        case .dictionary(let key, let value): "a{" + String(key) + signature(of: value) + "}"
        case .structure(let fields): "(" + fields.map { signature(of: $0) }.joined() + ")"
        case .variant: "v"
        }
    }

    private mutating func value(of type: ValueType, depth: Int) -> DBusValue {
        switch type {
        case .basic(let code): return basic(code)
        case .array(let element):
            return .array(elementSignature: Self.signature(of: element), elements: (0..<int(0...3)).map { _ in value(of: element, depth: depth - 1) })
        case .dictionary(let key, let valueType):
            let entries = (0..<int(0...3)).map { _ in DBusValue.dictEntry(key: basic(key), value: value(of: valueType, depth: depth - 2)) }
            return .array(elementSignature: "{" + String(key) + Self.signature(of: valueType) + "}", elements: entries)
        case .structure(let fields): return .structure(fields.map { value(of: $0, depth: depth - 1) })
        case .variant: return .variant(depth > 1 ? value(depth: depth - 1) : basic(pick(Self.basicCodes)))
        }
    }

    private mutating func basic(_ code: Character) -> DBusValue {
        switch code {
        case "y": return .byte(UInt8.random(in: 0...255, using: &rng))
        case "b": return .boolean(chance(0.5))
        case "n": return .int16(pick([0, -1, Int16.min, Int16.max]))
        case "q": return .uint16(pick([0, 1, UInt16.max]))
        case "i": return .int32(pick([0, -1, 60, Int32.min, Int32.max]))
        case "u": return .uint32(number())
        case "x": return .int64(pick([0, -1, Int64.min, Int64.max]))
        case "t": return .uint64(pick([0, 60, UInt64.max]))
        case "d": return .double(pick([0, -0.0, 60.5, .nan, .infinity, -.infinity, .greatestFiniteMagnitude]))
        case "o": return .objectPath(pick(["/", "/io/github/timepickerd/TimePicker1", "/a/b_c/d0"]))
        case "g": return .signature(pick(["", "s", "a{sv}", "(ii)", "v", "aav"]))
        case "h": return .unixFD(pick(descriptors))
        default: return .string(text())
        }
    }
}
