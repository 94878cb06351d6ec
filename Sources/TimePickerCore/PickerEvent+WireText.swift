/// `PickerEvent` as one line of text, so a front end in another process (the dialog backend)
/// can report events over D-Bus in a form that reads well in `busctl monitor`.
///
/// The forms: `move N`, `hour N` (N a signed whole number), `first`, `last`, `switch`,
/// `focus start|end`, `set start|end SLOT` (`Slot.wireText`: `09:30`, `30:00` for 06:00 the
/// next day, `02:30+01:00` on a dated picker), `type C` (one character a time is typed with),
/// `erase`, `finish` (typing), `extend` (more time), `confirm`, `cancel`.
extension PickerEvent {
    /// The event's text form; `PickerEvent(wireText:)` reads it back.
    public var wireText: String {
        switch self {
        case .move(let slots): "move \(slots)"
        case .moveByHour(let hours): "hour \(hours)"
        case .moveToFirst: "first"
        case .moveToLast: "last"
        case .switchFocus: "switch"
        case .focus(let column): "focus \(column.wireText)"
        case .set(let column, let slot): "set \(column.wireText) \(slot.wireText)"
        case .type(let character): "type \(character)"
        case .erase: "erase"
        case .finishTyping: "finish"
        case .extendTime: "extend"
        case .confirm: "confirm"
        case .cancel: "cancel"
        }
    }

    /// Reads an event from its text form; nil for anything else (a peer's text is untrusted).
    public init?(wireText text: String) {
        // Long text is never an event: no parsing work for a peer that sends megabytes.
        guard text.utf8.count <= 32 else { return nil }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch words.first {
        case "move" where words.count == 2:
            guard let slots = Self.wholeNumber(words[1]) else { return nil }
            self = .move(by: slots)
        case "hour" where words.count == 2:
            guard let hours = Self.wholeNumber(words[1]) else { return nil }
            self = .moveByHour(hours)
        case "first" where words.count == 1: self = .moveToFirst
        case "last" where words.count == 1: self = .moveToLast
        case "switch" where words.count == 1: self = .switchFocus
        case "focus" where words.count == 2:
            guard let column = PickerColumn(wireText: words[1]) else { return nil }
            self = .focus(column)
        case "set" where words.count == 3:
            guard let column = PickerColumn(wireText: words[1]), let slot = Slot(wireText: words[2]) else { return nil }
            self = .set(column, slot)
        case "type" where words.count == 2:
            guard words[1].count == 1, let character = words[1].first, TypedTime.accepts(character) else { return nil }
            self = .type(character)
        case "erase" where words.count == 1: self = .erase
        case "finish" where words.count == 1: self = .finishTyping
        case "extend" where words.count == 1: self = .extendTime
        case "confirm" where words.count == 1: self = .confirm
        case "cancel" where words.count == 1: self = .cancel
        default: return nil
        }
    }

    /// An optional '-' and ASCII digits, as Int; nil for anything else or an overflow.
    private static func wholeNumber(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }
}

extension PickerColumn {
    /// "start" or "end".
    public var wireText: String {
        switch self {
        case .start: "start"
        case .end: "end"
        }
    }

    /// Reads "start" or "end".
    public init?(wireText text: String) {
        switch text {
        case "start": self = .start
        case "end": self = .end
        default: return nil
        }
    }
}
