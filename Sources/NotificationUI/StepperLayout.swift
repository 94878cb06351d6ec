internal import Localization
internal import TimePickerCore

/// The stepper layout: the start, then the end, each moved by buttons, then Next and OK.
///
/// Buttons move by an hour (`coarseSlots` slots) and by one step, so that a workday at 30-minute
/// steps takes at most 20 clicks on a three-button server (GNOME Shell: 18 for 09:00–17:30 from
/// the default 01:00): hours first, the step last. For a server that shows only so many, the
/// buttons go in the order that keeps the most useful: back and on by the hour, on by a step,
/// back by a step; one that shows all gets them in the order of time, back to on. Next and OK
/// are the `default` action (a click on the body), also sent as a labelled action for servers
/// that show it as a button. The body always says what is chosen (start, end, duration), which
/// of the two the buttons move, and how to go on, in the words the server's body click allows.
///
/// When a dialog could show the session (`offersWindow`), one more button, "Choose in a
/// window…", hands the session over to it: there every move is a key or a click, so on a server
/// that shows only so many buttons it takes the place of the least useful move, back by the
/// hour (the moves kept are on by the hour and on by a step, which still reach every time from
/// the start, and the window mends an overshoot); a line of the body says so. On GNOME Shell
/// the banner then offers the window, +1 h and +30 min: one click, then the dialog. A server
/// that shows every button gets it after the others. Without a window the layouts are as above.
struct StepperLayout {
    let bodyLines: [String]
    /// Which of `bodyLines` gives the duration: the last of the lines the range takes.
    let durationLine: Int
    /// Lines that go after the time limit, which matters more: the window's hint.
    let hintLines: [String]
    let actions: [NotificationAction]

    init(_ state: PickerState, profile: NotificationServerProfile, text: NotificationText, offersWindow: Bool = false) {
        let clock = state.options.clock
        let grid = state.options.grid
        let choosingStart = state.focus == .start
        let next = text.answer(choosingStart: choosingStart)
        // The times with their marks (the next day's, the zone's on the hour the clocks go
        // back), the day first when the picker has one.
        bodyLines = (grid.date.map { [text.words.day($0)] } ?? []) + [
            text.line(.start, text.words.label(grid, state.startIndex, clock)) + (choosingStart ? "  ◀" : ""),
            text.line(.end, text.words.label(grid, state.endIndex, clock)) + (choosingStart ? "" : "  ◀"),
            text.durationLine(state),
            text.stepperInstruction(choosingStart: choosingStart, profile.bodyClick, showsDefaultAsButton: profile.showsDefaultAsButton),
        ]
        durationLine = bodyLines.count - 2
        hintLines = offersWindow ? [text.windowHint] : []

        let step = state.options.grid.step
        let coarse = Self.coarseSlots(state.options.grid)
        var moves: [NotificationAction]
        if coarse > 1 {
            let hour = text.words.duration(minutes: coarse * step)
            let fine = text.words.duration(minutes: step)
            moves = [
                NotificationAction(.earlierByHour, label: "−" + hour),
                NotificationAction(.laterByHour, label: "+" + hour),
                NotificationAction(.later, label: "+" + fine),
                NotificationAction(.earlier, label: "−" + fine),
            ]
        } else {
            let fine = text.words.duration(minutes: step)
            moves = [NotificationAction(.earlier, label: "−" + fine), NotificationAction(.later, label: "+" + fine)]
        }
        let window = offersWindow ? [NotificationAction(.window, label: text.chooseInWindow)] : []
        guard let most = profile.maximumButtons.map({ $0 - window.count }), moves.count > most else {
            // A server that shows every button gets them in the order of time, back to on,
            // then Next or OK, as a dialog puts its answer last (then the window, if offered).
            let order = [NotificationActionKey.earlierByHour, .earlier, .later, .laterByHour].map(\.rawValue)
            moves.sort { (order.firstIndex(of: $0.key) ?? 0) < (order.firstIndex(of: $1.key) ?? 0) }
            actions = moves + [NotificationAction(.default, label: next)] + window
            return
        }
        // The window, where offered, in the place of back by the hour (see above).
        if offersWindow { moves.removeAll { $0.key == NotificationActionKey.earlierByHour.rawValue } }
        // Next or OK first, and the moves a server that shows only so many keeps.
        actions = [NotificationAction(.default, label: next)] + window + moves.prefix(most)
    }

    /// How many slots the coarse buttons move: as many as make an hour (two at 30-minute steps,
    /// four at 15), or one when a step is longer than half an hour (then there is only one size).
    /// Slots are real instants on a dated picker (none in the hour the clocks skip, two rounds
    /// of the hour they repeat), so that many slots are an hour of elapsed time there too, as
    /// the button's label says, and the same count crosses midnight into an overnight
    /// picker's next day.
    static func coarseSlots(_ grid: SlotGrid) -> Int {
        grid.step <= 30 ? grid.slotsPerHour : 1
    }
}
