public import TimePickerCore

/// An action a picker's notification offers, as the key the server sends back when the person
/// invokes it: written here once, for both drawing the notification and reading the answer.
public enum NotificationActionKey: Equatable, Sendable {
    /// A click on the notification's body (the Notifications spec's "default" action).
    case `default`
    /// One step back or on, in the stepper layout.
    case earlier, later
    /// An hour back or on (`StepperLayout.coarseSlots`), in the stepper layout.
    case earlierByHour, laterByHour
    /// A start slot, in the list layout.
    case start(Slot)
    /// An end slot, in the list layout.
    case end(Slot)
    /// The slots of one hour of a column (`MenuHour`: an overnight picker's next day counts on
    /// past 24), in the list layout when its slots do not fit one menu: narrows the menu,
    /// changes nothing in the session.
    case hour(PickerColumn, MenuHour)
    /// Back from one hour's slots to the hours of a column, in the list layout.
    case hours(PickerColumn)
    /// Back from the end step to the start step, in the list layout.
    case changeStart
    /// The reply field, on a server that has one (`inline-reply`): what is typed there comes
    /// back as NotificationReplied, not as this key.
    case inlineReply
    /// "Choose in a window…": the session goes on in a dialog (`HandOverOffer`).
    case window

    /// The key on the bus: "default", "earlier", "earlier-hour", …, "start-09:00", "end-30:00",
    /// "end-02:30+01:00", "start-hour-09", "end-hour-30", "start-hour-02B", "end-hours", "change-start",
    /// "window".
    public var rawValue: String {
        switch self {
        case .default: "default"
        case .earlier: "earlier"
        case .later: "later"
        case .earlierByHour: "earlier-hour"
        case .laterByHour: "later-hour"
        case .start(let slot): "start-" + slot.wireText
        case .end(let slot): "end-" + slot.wireText
        case .hour(let column, let hour): Self.prefix(column) + "hour-" + hour.description
        case .hours(let column): Self.prefix(column) + "hours"
        case .changeStart: "change-start"
        case .inlineReply: "inline-reply"
        case .window: "window"
        }
    }

    /// Reads a key the server sent; nil for one the daemon never offers.
    public init?(rawValue key: String) {
        switch key {
        case "default": self = .default
        case "earlier": self = .earlier
        case "later": self = .later
        case "earlier-hour": self = .earlierByHour
        case "later-hour": self = .laterByHour
        case "change-start": self = .changeStart
        case "inline-reply": self = .inlineReply
        case "window": self = .window
        default:
            guard let column = [PickerColumn.start, .end].first(where: { key.hasPrefix(Self.prefix($0)) }) else { return nil }
            let rest = String(key.dropFirst(Self.prefix(column).count))
            if rest == "hours" {
                self = .hours(column)
            } else if rest.hasPrefix("hour-"), let hour = MenuHour(String(rest.dropFirst(5))) {
                self = .hour(column, hour)
            } else if let slot = Slot(wireText: rest) {
                self = column == .start ? .start(slot) : .end(slot)
            } else {
                return nil
            }
        }
    }

    /// "start-" or "end-".
    private static func prefix(_ column: PickerColumn) -> String {
        column == .start ? "start-" : "end-"
    }
}

/// The picker events an invoked notification action stands for, whatever the layout.
///
/// `default` is a click on the notification's body: Next while choosing the start, OK after
/// (the stepper's only way on: it offers no button that does the same).
/// Choosing an hour, or going back to the hours, stands for no event: it only narrows the menu
/// (`NotificationView.menuHour(afterAction:)`).
public func pickerEvents(forAction key: String, in state: PickerState) -> [PickerEvent] {
    switch NotificationActionKey(rawValue: key) {
    case .earlier: [.move(by: -1)]
    case .later: [.move(by: 1)]
    case .earlierByHour: [.move(by: -StepperLayout.coarseSlots(state.options.grid))]
    case .laterByHour: [.move(by: StepperLayout.coarseSlots(state.options.grid))]
    case .default: state.focus == .start ? [.focus(.end)] : [.confirm]
    case .start(let time): [.set(.start, time), .focus(.end)]
    // An end the picker does not have is no action of ours (a key we never offered): it must
    // not confirm the selection as it is.
    case .end(let time): state.options.grid.contains(time) ? [.set(.end, time), .confirm] : []
    case .changeStart: [.focus(.start)]
    // The window is a hand-over, not an event (`NotificationFrontEnd`).
    case .hour, .hours, .inlineReply, .window, nil: []
    }
}

/// What a range typed in the reply field stands for: read exactly, the range set and taken
/// (`confirm`); read with a guess (a time between slots, the nearest taken), the range set and
/// the end step showing it, with a note saying what was read, for the person to take with OK
/// (as it is taken on a server of `profile`); not read, nothing, and a note saying why.
func pickerEvents(
    forReply typed: String, in state: PickerState, text: NotificationText, profile: NotificationServerProfile
) -> (events: [PickerEvent], note: String?) {
    let reading = TypedRange(typed: typed, state: state, words: text.rangeWords)
    let grid = state.options.grid
    let clock = state.options.clock
    guard let start = reading.startIndex, let end = reading.endIndex else {
        switch reading.failure {
        case .start(let note)?, .end(let note)?: return ([], text.replyNotTaken(text.words.note(note, clock)))
        case .notARange?, nil: return ([], text.notARange(displaySafe(typed)))
        }
    }
    let set: [PickerEvent] = [.set(.start, grid[start]), .set(.end, grid[end])]
    guard reading.isExact else {
        let notes = reading.notes.map { text.words.note($0, clock) }.joined(separator: "; ")
        let range = text.words.range(grid[start], grid[end], clock)
        return (set + [.focus(.end)], text.readAs(range, notes, profile.bodyClick, showsDefaultAsButton: profile.showsDefaultAsButton))
    }
    return (set + [.confirm], nil)
}
