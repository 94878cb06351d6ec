/// What a front end draws for one picker: the state its session last gave it.
///
/// A front end cannot change it: events go to the session, which owns the `PickerModel`, and
/// the session hands every front end the new state (bubbletea's rule: input in, view out).
public struct PickerState: Sendable, Equatable {
    private let model: PickerModel

    init(_ model: PickerModel) {
        self.model = model
    }

    /// The state a session with `options` has with this selection and focus; a front end in
    /// another process (the dialog backend) rebuilds what the session sent it with this.
    /// A selection the options do not allow is clamped, as `PickerModel` does.
    public init(options: PickerOptions, start: Slot, end: Slot, focus: PickerColumn) {
        var placed = options
        placed.start = start
        placed.end = end
        var model = PickerModel(options: placed)
        _ = model.apply(.focus(focus))
        self.model = model
    }

    public var options: PickerOptions { model.options }
    /// The selected start.
    public var start: Slot { model.start }
    /// The selected end.
    public var end: Slot { model.end }
    /// The column keyboard moves act on.
    public var focus: PickerColumn { model.focus }
    /// The selected duration in minutes of real elapsed time.
    public var durationMinutes: Int { model.durationMinutes }
    /// The selection as a caller is told it (`PickedRange`).
    public var range: PickedRange { model.range }
    /// What the person is typing into the focused column, "" when not typing.
    public var typed: String { model.typed }
    /// Why what is being typed did not select exactly that (`TypedReading`); nil when not typing
    /// or when it did.
    public var typedNote: TypedNote? { typedNote(for: model.typed) }
    /// The same for typing a front end was told of (the dialog backend hears it apart from
    /// the selection).
    public func typedNote(for typed: String) -> TypedNote? {
        typed.isEmpty ? nil : model.reading(ofTyped: typed).note
    }
    /// When the session times out, on the monotonic clock in milliseconds; nil without a timeout.
    public var deadline: Int? { model.deadline }

    /// How many more times the person may extend the time limit (`PickerEvent.extendTime`).
    public var timeoutExtensionsLeft: UInt32 { model.timeoutExtensionsLeft }
    /// Whether the person may ask for more time now: a time limit runs and an extension is left.
    public var canExtendTime: Bool { deadline != nil && model.timeoutExtensionsLeft > 0 }

    /// Whole seconds left before the timeout at `now` (monotonic milliseconds), rounded up;
    /// nil without a timeout.
    public func secondsLeft(at now: Int) -> Int? {
        deadline.map { max(0, ($0 - now + 999) / 1000) }
    }
    /// The starts a person may choose: those that leave room for an end.
    public var validStarts: [Slot] { model.validStarts }
    /// The ends a person may choose for the selected start.
    public var validEnds: [Slot] { model.validEnds }
    /// The index of `start` in `options.grid`.
    public var startIndex: Int { model.startIndex }
    /// The index of `end` in `options.grid`.
    public var endIndex: Int { model.endIndex }
    /// `validStarts` as indices into `options.grid`, for front ends that draw from a table of
    /// the grid's labels without building the lists.
    public var validStartIndices: ClosedRange<Int> { model.validStartIndices }
    /// `validEnds` as indices into `options.grid`.
    public var validEndIndices: ClosedRange<Int> { model.validEndIndices(forStart: model.startIndex) }
    /// The ends a person may choose after the start at `startIndex`, as indices into the grid.
    public func validEndIndices(forStart startIndex: Int) -> ClosedRange<Int> { model.validEndIndices(forStart: startIndex) }

    /// The state after a click on `time` in `column` (`.focus`, then `.set`), as the session
    /// will make it: a front end in another process draws it before the session says so. Nil
    /// when the column cannot take `time`.
    public func selecting(_ column: PickerColumn, _ time: Slot) -> PickerState? {
        let next = keying(column, .set(column, time))
        return (column == .start ? next.start : next.end) == time ? next : nil
    }

    /// The state after `event` pressed in `column` (`.focus`, then the event), as the session
    /// will make it.
    public func keying(_ column: PickerColumn, _ event: PickerEvent) -> PickerState {
        var next = model
        _ = next.apply(.focus(column))
        _ = next.apply(event)
        return PickerState(next)
    }

    /// The same selection with the keyboard focus in `column`.
    public func focusing(_ column: PickerColumn) -> PickerState {
        var next = model
        _ = next.apply(.focus(column))
        return PickerState(next)
    }

    /// Whether `start` and `end` together are a selection this picker can hold (each a slot,
    /// the end a valid end for that start), whatever is selected now.
    public func allowsSelection(start: Slot, end: Slot) -> Bool {
        var placed = model
        _ = placed.apply(.set(.start, start))
        _ = placed.apply(.set(.end, end))
        return placed.start == start && placed.end == end
    }
}

extension PickerModel {
    /// The state to hand front ends.
    public var state: PickerState { PickerState(self) }
}
