public import TimePickerCore

/// The picker's keys: which keys do what. The help line that names them is in the person's
/// language (`TerminalText.keyLines`).
///
/// Up means an earlier time, because the lists run from early (top) to late (bottom).
public enum KeyBindings {
    /// Keys that do one thing, and what they do.
    struct Binding: Sendable {
        let matches: @Sendable (Key) -> PickerEvent?
    }

    static let all: [Binding] = [
        Binding { key in
            switch key {
            case .up, .character("k"): .move(by: -1)
            case .down, .character("j"): .move(by: 1)
            default: nil
            }
        },
        Binding { key in
            switch key {
            case .left: .focus(.start)
            case .right: .focus(.end)
            case .tab, .backTab: .switchFocus
            default: nil
            }
        },
        Binding { key in
            switch key {
            case .pageUp: .moveByHour(-1)
            case .pageDown: .moveByHour(1)
            default: nil
            }
        },
        Binding { key in
            switch key {
            case .home: .moveToFirst
            case .end: .moveToLast
            default: nil
            }
        },
        Binding { key in
            switch key {
            case .character(let scalar) where TypedTime.accepts(Character(scalar)): .type(Character(scalar))
            case .backspace: .erase
            default: nil
            }
        },
        Binding { key in key == .enter ? .confirm : nil },
        Binding { key in key == .escape || key == .character("q") ? .cancel : nil },
    ]

}

/// What `key` means to the picker, or nil when it means nothing.
public func pickerEvent(for key: Key) -> PickerEvent? {
    for binding in KeyBindings.all {
        if let event = binding.matches(key) { return event }
    }
    return nil
}
