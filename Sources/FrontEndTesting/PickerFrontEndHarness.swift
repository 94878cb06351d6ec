public import TimePickerCore

/// What a front end's own tests tell `PickerFrontEndConformance` so that it can check the
/// `PickerFrontEnd` contract: the front end, the person in front of it, the peer it needs
/// (a terminal, a notification server, a dialog backend) and the loop it runs on.
///
/// The suite makes a new harness for every check and uses it on one thread, the one the
/// check runs on, which is the loop's: the harness turns its loop only inside `turnLoop` and
/// `personDoes`.
public protocol PickerFrontEndHarness: AnyObject {
    /// The front end under test, new, with nothing shown; the suite sets its delegate.
    var frontEnd: any PickerFrontEnd { get }

    /// What the person sees of `session` now, read from where the person would read it (the
    /// screen, the notification the server shows, the dialog the backend draws); nil when it is
    /// not in front of them (not yet, queued behind another, or no longer).
    func seenPicker(_ session: ConformanceSession) -> SeenPicker?

    /// The person does `action` to `session`'s picker as they can now, through the peer (keys
    /// on the terminal, an action invoked on the notification, a click in the dialog), and
    /// returns once it is under way: what it leads to may come on later turns of the loop.
    ///
    /// The suite asks this of a session it sees, and also of one it just took down (to see
    /// that late input is not reported): do what a person's input racing the withdrawal would
    /// be (an action on the notification the server still had, an event for the dialog's old
    /// handle). A harness whose person cannot pick a picker (a terminal shows one at a time)
    /// acts on whatever is shown; the suite then asks only when `session` is the one shown,
    /// or nothing is. An action that takes several steps (Next, then OK) may turn the loop
    /// between them.
    func personDoes(_ action: PersonAction, to session: ConformanceSession)

    /// The peer goes away for good: the terminal hangs up, the server or backend leaves the bus.
    func takePeerAway()

    /// The peer stops taking anything, from now on: a terminal nobody reads, a server or
    /// backend that answers no call.
    func stallPeer()

    /// Turns the front end's loop until `condition` holds, for at most `milliseconds`; whether
    /// it held. It must not sleep beyond the loop's own waiting: a harness whose condition
    /// depends on another thread (a terminal read by one) bounds each turn's wait instead.
    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool
}

/// One session as the suite shows it, and as a person tells it from the others: its id and
/// its title (each session the suite shows has a title of its own).
public struct ConformanceSession: Hashable, Sendable, CustomStringConvertible {
    public let id: PickerSessionID
    public let title: String

    public init(id: PickerSessionID, title: String) {
        self.id = id
        self.title = title
    }

    public var description: String { "\(id) (\(title))" }
}

/// What a person reads of a picker: the selection it shows, each time with the marks that
/// say which it is (the next day's, the first or second of the hour the clocks go back).
public struct SeenPicker: Equatable, Sendable, CustomStringConvertible {
    public var start: SeenTime
    public var end: SeenTime

    public init(start: SeenTime, end: SeenTime) {
        self.start = start
        self.end = end
    }

    /// What a picker drawn from `state` shows.
    public init(_ state: PickerState) {
        let grid = state.options.grid
        self.init(start: SeenTime(grid, state.startIndex), end: SeenTime(grid, state.endIndex))
    }

    public var description: String { "\(start)–\(end)" }
}

/// One time as a person reads it: the clock's time, and the marks beside it that tell it from
/// another with the same clock time. A front end that drops a mark, or shows the other 02:30's,
/// shows another `SeenTime` than its state's.
public struct SeenTime: Equatable, Sendable, CustomStringConvertible {
    /// The time the clock shows.
    public var time: WallClockTime
    /// Whether it is marked as the day after the picker's ("06:00 (next day)").
    public var isNextDay: Bool
    /// The zone's name it is marked with on the hour the clocks go back ("02:30 (CEST)", then
    /// "02:30 (CET)"); nil for a time the clock shows once.
    public var zone: String?

    public init(time: WallClockTime, isNextDay: Bool = false, zone: String? = nil) {
        self.time = time
        self.isNextDay = isNextDay
        self.zone = zone
    }

    /// The slot at `index` of `grid` as a front end must show it.
    public init(_ grid: SlotGrid, _ index: Int) {
        let slot = grid[index]
        self.init(time: slot.time, isNextDay: slot.isNextDay, zone: grid.isRepeated(at: index) ? grid.zoneName(at: index) : nil)
    }

    public var description: String {
        time.clockText + (isNextDay ? " (next day)" : "") + (zone.map { " (\($0))" } ?? "")
    }
}

/// What the suite asks the person to do to a picker.
public enum PersonAction: Sendable, CustomStringConvertible {
    /// Moves the focused column one slot later (Down, a "later" button, "move 1"): a step that
    /// does not end the session, and changes its selection while the column can go later.
    case moveLater
    /// Accepts the selection shown (Enter, OK).
    case confirm
    /// Dismisses the picker (Escape, closing the notification or the dialog).
    case cancel

    public var description: String {
        switch self {
        case .moveLater: "move later"
        case .confirm: "confirm"
        case .cancel: "cancel"
        }
    }
}
