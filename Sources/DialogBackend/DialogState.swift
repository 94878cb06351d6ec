internal import EventLoop
package import TimePickerCore

/// What a dialog draws: the selection and focused column (the `PickerState` the daemon decided),
/// and the seconds left before the daemon closes it.
package struct DialogState: Sendable, Equatable {
    /// The selection, the focused column, and the options that define the grid.
    package var model: PickerState
    /// Seconds until the daemon ends the session, for the countdown; 0 shows none.
    package var secondsLeft: UInt32
    /// When the daemon ends the session, on this process's monotonic clock in milliseconds
    /// (0: no countdown): the call's arrival plus what the daemon said was left
    /// (`timeout_ms`, else `timeout`'s whole seconds). The countdown follows this instant, not
    /// the moment the window was built, which in a cold start is a second or two later.
    package var countdownEnd: Int = 0
    /// What the person is typing into the focused column, as the daemon understood it; "" when
    /// not typing.
    package var typed: String
    /// How many more times the person may ask for more time (`timeout_extensions`); the
    /// dialog offers it while this and `secondsLeft` are not 0.
    package var timeoutExtensions: UInt32

    package init(model: PickerState, secondsLeft: UInt32, typed: String = "", timeoutExtensions: UInt32 = 0) {
        self.model = model
        self.secondsLeft = secondsLeft
        self.typed = typed
        self.timeoutExtensions = timeoutExtensions
    }

    /// Equal when they draw the same: `countdownEnd` is an instant of the clock, which two
    /// readings of the same call differ in.
    package static func == (lhs: DialogState, rhs: DialogState) -> Bool {
        lhs.model == rhs.model && lhs.secondsLeft == rhs.secondsLeft && lhs.typed == rhs.typed
            && lhs.timeoutExtensions == rhs.timeoutExtensions
    }

    /// Whether the dialog offers more time: a countdown runs and an extension is left.
    package var offersMoreTime: Bool { secondsLeft > 0 && timeoutExtensions > 0 }

    /// The state after an Update's `state` vardict: each key it holds replaces that part,
    /// unknown keys are ignored. Throws, naming the key, for a value of the wrong type, a time
    /// that is not a slot, or an end the start does not allow. `now` (the monotonic clock in
    /// milliseconds) is when the call came: the countdown's end is counted from it.
    package func updated(with raw: [String: OptionValue], now: Int = MonotonicClock.now()) throws(OptionError) -> DialogState {
        let options = model.options
        let start = try StateValue.slot(raw, "start", grid: options.grid) ?? model.start
        let end = try StateValue.slot(raw, "end", grid: options.grid) ?? model.end
        let focus = try StateValue.column(raw, "focus") ?? model.focus
        // PickerState clamps what it is given; a state it had to change was not a valid one.
        let next = PickerState(options: options, start: start, end: end, focus: focus)
        guard next.start == start else {
            throw OptionError(
                key: "start",
                reason: "\(start) leaves no room for an end: the last start is \(next.validStarts.last ?? options.grid.last)")
        }
        guard next.end == end else {
            throw OptionError(
                key: "end",
                reason: "\(end) is not a valid end for start \(start): ends run from \(next.validEnds.first ?? options.grid.last)")
        }
        let seconds = try StateValue.uint32(raw, "timeout")
        // The milliseconds left as the daemon sent the call: its whole seconds are rounded up,
        // so a countdown from them alone would end up to a second after the daemon's deadline.
        let milliseconds = try StateValue.uint32(raw, "timeout_ms") ?? seconds.map { $0.multipliedReportingOverflow(by: 1000).overflow ? .max : $0 * 1000 }
        let typed = try StateValue.typedTime(raw, "typed") ?? self.typed
        let extensions = try StateValue.timeoutExtensions(raw, "timeout_extensions") ?? timeoutExtensions
        var state = DialogState(
            model: next, secondsLeft: seconds ?? milliseconds.map { ($0 / 1000) + ($0 % 1000 == 0 ? 0 : 1) } ?? secondsLeft,
            typed: typed, timeoutExtensions: extensions)
        state.countdownEnd = milliseconds.map { $0 == 0 ? 0 : now + Int($0) } ?? countdownEnd
        return state
    }
}

/// Reading one typed value of an `a{sv}` for the backend's own keys; errors name the key.
enum StateValue {
    static func string(_ raw: [String: OptionValue], _ key: String) throws(OptionError) -> String? {
        switch raw[key] {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw wrongType(key, "s", "string", got: other)
        }
    }

    static func uint32(_ raw: [String: OptionValue], _ key: String) throws(OptionError) -> UInt32? {
        switch raw[key] {
        case nil: return nil
        case .uint32(let number)?: return number
        case let other?: throw wrongType(key, "u", "uint32", got: other)
        }
    }

    /// What a person typed towards a time: only characters a typed time can hold, at most
    /// `TypedTime.maximumLength` of them ("" when not typing).
    static func typedTime(_ raw: [String: OptionValue], _ key: String) throws(OptionError) -> String? {
        guard let text = try string(raw, key) else { return nil }
        guard text.count <= TypedTime.maximumLength, text.allSatisfy(TypedTime.accepts) else {
            throw OptionError(
                key: key,
                reason: "must be at most \(TypedTime.maximumLength) characters of a typed time (digits, ':', 'am', 'pm'), got \(quotedForMessage(text))")
        }
        return text
    }

    /// How many extensions of the time limit are left: at most
    /// `PickerOptions.maxTimeoutExtensions`, as the daemon allows.
    static func timeoutExtensions(_ raw: [String: OptionValue], _ key: String) throws(OptionError) -> UInt32? {
        guard let count = try uint32(raw, key) else { return nil }
        guard count <= PickerOptions.maxTimeoutExtensions else {
            throw OptionError(key: key, reason: "must be at most \(PickerOptions.maxTimeoutExtensions), got \(count)")
        }
        return count
    }

    /// "start" or "end".
    static func column(_ raw: [String: OptionValue], _ key: String) throws(OptionError) -> PickerColumn? {
        guard let text = try string(raw, key) else { return nil }
        guard let column = PickerColumn(wireText: text) else {
            throw OptionError(key: key, reason: "must be 'start' or 'end', got \(quotedForMessage(text))")
        }
        return column
    }

    /// One of `grid`'s slots, as `Slot.wireText` writes it (`09:30`; `30:00` the next day;
    /// `02:30+01:00` dated).
    static func slot(_ raw: [String: OptionValue], _ key: String, grid: SlotGrid) throws(OptionError) -> Slot? {
        guard let text = try string(raw, key) else { return nil }
        guard let time = Slot(wireText: text) else {
            throw OptionError(key: key, reason: "must be a slot as HH:MM (HH up to 48), with its UTC offset on a dated picker, got \(quotedForMessage(text))")
        }
        guard grid.contains(time) else {
            throw OptionError(
                key: key,
                reason: "\(quotedForMessage(text)) is not a slot: slots run every \(grid.step) min from \(grid.first) to \(grid.last)")
        }
        return time
    }

    private static func wrongType(_ key: String, _ signature: String, _ name: String, got value: OptionValue) -> OptionError {
        OptionError(key: key, reason: "must be of type '\(signature)' (\(name)), got \(quotedForMessage(value.signature))")
    }
}
