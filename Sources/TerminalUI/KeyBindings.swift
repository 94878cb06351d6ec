public import TimePickerCore

/// Maps a key to what it means to the picker, or nil when it means nothing.
///
/// Up means an earlier time, because the lists run from early (top) to late (bottom).
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
    case .enter: .confirm
    case .escape, .character("q"): .cancel
    case .character, .other: nil
    }
}
