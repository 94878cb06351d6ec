package import TimePickerCore

/// The selection a dialog shows, which runs ahead of the daemon's by the person's clicks.
///
/// A click selects its row at once (GTK does), and the daemon's `Update` for it comes a round
/// trip later; meanwhile Updates sent before the daemon heard of the click still arrive, each
/// with the selection from before it. Drawing those would move the selection back and scroll
/// the list away from the row just clicked, and an OK in between would accept a range the
/// person no longer sees. So a click is shown as the daemon will take it (the same core
/// decides), and Updates that carry a selection it replaced are not drawn until the daemon's
/// selection is the one shown, or moves somewhere else of its own accord (the caller's Update).
package struct ShownSelection: Sendable, Equatable {
    /// The daemon's last state.
    package private(set) var daemon: PickerState
    /// What the person's clicks made of it, until the daemon says the same.
    private var predicted: PickerState?
    /// The selections the clicks replaced, which Updates still on their way may carry.
    private var replaced: Set<SlotPair> = []

    package init(_ daemon: PickerState) {
        self.daemon = daemon
    }

    /// What the dialog draws and OK accepts.
    package var shown: PickerState { predicted ?? daemon }

    /// Whether a click is waiting for the daemon.
    package var isAhead: Bool { predicted != nil }

    /// The person clicked `time` in `column`: shows it as the session will take it. Returns
    /// false, changing nothing, when the column cannot take it.
    package mutating func click(_ column: PickerColumn, _ time: Slot) -> Bool {
        let before = shown
        guard let after = before.selecting(column, time) else { return false }
        replaced.insert(SlotPair(before))
        predicted = after
        return true
    }

    /// The person pressed a key the daemon acts on (`event` in `column`) after a click it has
    /// not answered yet. The daemon sends one Update at a time, the latest state, so its
    /// answer to the click may never come, and the key may take it back to a selection the
    /// click replaced: a move is shown as the daemon will make it; typing, read from where it
    /// began, lets the daemon's next Update be drawn whatever it says. Returns whether the
    /// shown selection changed.
    @discardableResult
    package mutating func keyed(_ column: PickerColumn, _ event: PickerEvent) -> Bool {
        guard let predicted else { return false }
        let before = SlotPair(predicted)
        switch event {
        case .move, .moveByHour, .moveToFirst, .moveToLast:
            replaced.insert(before)
            self.predicted = predicted.keying(column, event)
        case .type, .erase:
            replaced = []
        default:
            break
        }
        return SlotPair(shown) != before
    }

    /// The daemon's new state. Returns whether the shown selection changed.
    @discardableResult
    package mutating func daemonSays(_ state: PickerState) -> Bool {
        let before = SlotPair(shown)
        daemon = state
        if let predicted {
            let said = SlotPair(state)
            if said == SlotPair(predicted) || !replaced.contains(said) {
                // Caught up, or moved elsewhere (the caller's Update): the daemon's again.
                self.predicted = nil
                replaced = []
            } else {
                // Sent before the daemon heard of the click: the click stays shown, with the
                // daemon's focus.
                self.predicted = predicted.focusing(state.focus)
            }
        }
        return SlotPair(shown) != before
    }
}

/// A start and an end, as grid indices.
private struct SlotPair: Hashable, Sendable {
    let start: Int
    let end: Int

    init(_ state: PickerState) {
        start = state.startIndex
        end = state.endIndex
    }
}
