public import TimePickerCore

/// The picker's keys: which keys do what, written once, for both reading keys and the help line.
///
/// Up means an earlier time, because the lists run from early (top) to late (bottom).
public enum KeyBindings {
    /// One line of the help: the keys as a person reads them, and what they do.
    struct Binding: Sendable {
        let keys: String
        let meaning: String
        let matches: @Sendable (Key) -> PickerEvent?
    }

    static let all: [Binding] = [
        Binding(keys: "↑/↓ k/j", meaning: "move") { key in
            switch key {
            case .up, .character("k"): .move(by: -1)
            case .down, .character("j"): .move(by: 1)
            default: nil
            }
        },
        Binding(keys: "←/→ Tab", meaning: "column") { key in
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
        Binding(keys: "Home/End", meaning: "") { key in
            switch key {
            case .home: .moveToFirst
            case .end: .moveToLast
            default: nil
            }
        },
        Binding(keys: "Enter", meaning: "OK") { key in key == .enter ? .confirm : nil },
        Binding(keys: "Esc/q", meaning: "cancel") { key in key == .escape || key == .character("q") ? .cancel : nil },
    ]

    /// The help line under the picker: "↑/↓ k/j move  ←/→ Tab column  …  Esc/q cancel".
    static let helpLine = all.map { $0.meaning.isEmpty ? $0.keys : "\($0.keys) \($0.meaning)" }.joined(separator: "  ")
}

/// What `key` means to the picker, or nil when it means nothing.
public func pickerEvent(for key: Key) -> PickerEvent? {
    for binding in KeyBindings.all {
        if let event = binding.matches(key) { return event }
    }
    return nil
}
