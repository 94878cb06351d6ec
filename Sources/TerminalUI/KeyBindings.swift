public import TimePickerCore

/// What `key` means to the picker, or nil when it means nothing. The help line that names the
/// keys is in the person's language (`TerminalText.keyLines`).
///
/// Up means an earlier time, because the lists run from early (top) to late (bottom). The
/// cases are tried in order: `k`, `j` and `q` are keys before they could be typing.
public func pickerEvent(for key: Key) -> PickerEvent? {
    switch key {
    case .up, .character("k"): .move(by: -1)
    case .down, .character("j"): .move(by: 1)
    case .left: .focus(.start)
    case .right: .focus(.end)
    case .tab, .backTab: .switchFocus
    case .pageUp: .moveByHour(-1)
    case .pageDown: .moveByHour(1)
    case .home: .moveToFirst
    case .end: .moveToLast
    case .character(let scalar) where TypedTime.accepts(Character(scalar)): .type(Character(scalar))
    case .backspace: .erase
    case .enter: .confirm
    case .escape, .character("q"): .cancel
    case .character("+"): .extendTime
    default: nil
    }
}
