public import TimePickerCore

/// The picker's keys: which keys do what, written once, for both reading keys and the help line.
///
/// Up means an earlier time, because the lists run from early (top) to late (bottom).
public enum KeyBindings {
    /// Keys that do one thing: as the help line names them (nil: bound, but too much for the
    /// one help line, such as Home and End), and what they do.
    struct Binding: Sendable {
        let keys: String?
        let meaning: String
        let matches: @Sendable (Key) -> PickerEvent?
    }

    static let all: [Binding] = [
        Binding(keys: "↑↓", meaning: "move") { key in
            switch key {
            case .up, .character("k"): .move(by: -1)
            case .down, .character("j"): .move(by: 1)
            default: nil
            }
        },
        Binding(keys: "Tab", meaning: "column") { key in
            switch key {
            case .left: .focus(.start)
            case .right: .focus(.end)
            case .tab, .backTab: .switchFocus
            default: nil
            }
        },
        Binding(keys: "PgUp/PgDn", meaning: "hour") { key in
            switch key {
            case .pageUp: .moveByHour(-1)
            case .pageDown: .moveByHour(1)
            default: nil
            }
        },
        Binding(keys: nil, meaning: "first or last slot") { key in
            switch key {
            case .home: .moveToFirst
            case .end: .moveToLast
            default: nil
            }
        },
        Binding(keys: "0-9", meaning: "type a time") { key in
            switch key {
            case .character(let scalar) where TypedTime.accepts(Character(scalar)): .type(Character(scalar))
            case .backspace: .erase
            default: nil
            }
        },
        Binding(keys: "Enter", meaning: "OK") { key in key == .enter ? .confirm : nil },
        Binding(keys: "Esc", meaning: "cancel") { key in key == .escape || key == .character("q") ? .cancel : nil },
    ]

    /// The help line under the picker, short enough for 80 columns:
    /// "↑↓ move  Tab column  PgUp/PgDn hour  0-9 type a time  Enter OK  Esc cancel".
    static let helpLine = all.compactMap { binding in binding.keys.map { "\($0) \(binding.meaning)" } }.joined(separator: "  ")
}

/// What `key` means to the picker, or nil when it means nothing.
public func pickerEvent(for key: Key) -> PickerEvent? {
    for binding in KeyBindings.all {
        if let event = binding.matches(key) { return event }
    }
    return nil
}
