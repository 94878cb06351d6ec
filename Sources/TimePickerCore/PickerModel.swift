/// The picker state machine a UI drives; pure.
///
/// Works on slot indices of `options.grid`, so every reachable state is on the grid.
public struct PickerModel: Sendable, Equatable {
    public private(set) var options: PickerOptions
    /// The index of `start` in `options.grid`.
    public private(set) var startIndex: Int
    /// The index of `end` in `options.grid`.
    public private(set) var endIndex: Int
    /// The column that keyboard moves act on.
    public private(set) var focus: PickerColumn = .start
    /// What the person is typing into the focused column (`TypedTime`), "" when not typing.
    public private(set) var typed = ""
    /// The selection when the typing began: each key reads the whole typing again from there,
    /// so that typing which means nothing (yet) leaves the selection as it was before it.
    private var typingOrigin: SlotPair?
    /// When the session's `timeout` runs out, in milliseconds of the service's monotonic clock
    /// (`EventLoop`'s `MonotonicClock`); nil without a timeout. The service sets it when it
    /// starts the timer, so that front ends can show a countdown.
    public var deadline: Int?
    /// How many more times `.extendTime` may move the deadline (`timeout_extensions`, counted
    /// down by each extension).
    public private(set) var timeoutExtensionsLeft: UInt32

    /// Takes `token` as the activation token of the user interface that shows the session
    /// next (a hand-over to a dialog: the desktop's token for the click that asked for it); a
    /// token the `activation_token` option would refuse is ignored. Returns whether it was taken.
    @discardableResult
    public mutating func useActivationToken(_ token: String) -> Bool {
        guard let valid = try? PickerOptions.validatedActivationToken(token) else { return false }
        options.activationToken = valid
        return true
    }

    /// Starts from the options' start and end.
    ///
    /// Options that did not come from `PickerOptions(validating:)` may have been
    /// edited into an inconsistent state; they are clamped rather than trusted.
    public init(options: PickerOptions) {
        self.options = options
        timeoutExtensionsLeft = options.timeoutSeconds > 0 ? options.timeoutExtensions : 0
        let grid = options.grid
        let lastIndex = grid.count - 1
        let limits = SlotLimits(grid: grid, minDurationSeconds: max(0, options.minDuration) * 60, overnight: options.overnight)
        let wantedStart = grid.index(of: options.start) ?? grid.indexOfFirstSlot(atOrAfter: options.start.minutes) ?? lastIndex
        let start = wantedStart.clamped(to: limits.starts)
        let wantedEnd = grid.index(of: options.end) ?? grid.indexOfFirstSlot(atOrAfter: options.end.minutes) ?? lastIndex
        startIndex = start
        endIndex = wantedEnd.clamped(to: limits.ends(forStart: start))
    }

    /// The selected start.
    public var start: Slot { grid[startIndex] }

    /// The selected end.
    public var end: Slot { grid[endIndex] }

    /// The selected duration, end - start, in minutes of real elapsed time.
    public var durationMinutes: Int { durationSeconds / 60 }

    /// The selected duration in seconds of real elapsed time.
    public var durationSeconds: Int { grid.elapsedSeconds(at: endIndex) - grid.elapsedSeconds(at: startIndex) }

    /// The selection as a caller is told it: times, day, length and, dated, the instants.
    public var range: PickedRange { PickedRange(grid: grid, startIndex: startIndex, endIndex: endIndex) }

    /// Starts that leave room for an end.
    public var validStarts: [Slot] { validStartIndices.map { grid[$0] } }

    /// Ends for the current start: at least minDuration after it (overnight: at most a day).
    public var validEnds: [Slot] { validEndIndices(forStart: startIndex).map { grid[$0] } }

    /// Applies one event; returns the outcome when the event ends the picker
    /// (.confirm -> .selected(start,end), .cancel -> .cancelled(.user)), nil otherwise.
    ///
    /// `now` is the monotonic clock in milliseconds, as `deadline` is: `.extendTime` counts
    /// the new deadline from it (the core reads no clock), and changes nothing without it.
    public mutating func apply(_ event: PickerEvent, now: Int? = nil) -> PickerOutcome? {
        switch event {
        case .type, .erase: break
        default:
            typed = ""
            typingOrigin = nil
        }
        switch event {
        case .move(let slots):
            moveFocused(to: focusedIndex.saturatingAdding(slots))
        case .moveByHour(let hours):
            moveFocused(to: focusedIndex.saturatingAdding(hours.saturatingMultiplied(by: grid.slotsPerHour)))
        case .moveToFirst:
            moveFocused(to: focusedIndices.lowerBound)
        case .moveToLast:
            moveFocused(to: focusedIndices.upperBound)
        case .switchFocus:
            focus = focus.other
        case .focus(let column):
            focus = column
        case .set(let column, let time):
            guard let index = grid.index(of: time) else { break }
            switch column {
            case .start where validStartIndices.contains(index):
                moveStart(to: index)
            case .end where validEndIndices(forStart: startIndex).contains(index):
                endIndex = index
            default:
                break
            }
        case .type(let character):
            guard TypedTime.accepts(character), typed.count < TypedTime.maximumLength else { break }
            typed.append(character)
            jumpToTyped()
        case .erase:
            guard !typed.isEmpty else { break }
            typed.removeLast()
            jumpToTyped()
        case .finishTyping:
            break
        case .extendTime:
            extendTime(now: now)
        case .confirm:
            return .selected(start: start, end: end)
        case .cancel:
            return .cancelled(.user)
        }
        return nil
    }

    /// Moves a running deadline to the whole timeout after `now` and uses one extension, when
    /// one is left.
    private mutating func extendTime(now: Int?) {
        guard let now, deadline != nil, timeoutExtensionsLeft > 0 else { return }
        timeoutExtensionsLeft -= 1
        deadline = now.saturatingAdding(Int(options.timeoutSeconds) * 1000)
    }

    // MARK: - Moving

    /// What `typed` comes to in the focused column (`TypedReading`).
    func reading(ofTyped typed: String) -> TypedReading {
        TypedReading(typed: typed, grid: grid, indices: focusedIndices, stillTyping: true)
    }

    /// Moves the focused column where what `typed` means so far takes it, from where it was
    /// before the typing; leaves it there while the typing means no time the column can take.
    private mutating func jumpToTyped() {
        let origin = typingOrigin ?? SlotPair(start: startIndex, end: endIndex)
        typingOrigin = origin
        startIndex = origin.start
        endIndex = origin.end
        guard !typed.isEmpty, let index = reading(ofTyped: typed).index else { return }
        moveFocused(to: index)
    }

    private var grid: SlotGrid { options.grid }

    private var limits: SlotLimits {
        SlotLimits(grid: grid, minDurationSeconds: max(0, options.minDuration) * 60, overnight: options.overnight)
    }

    var validStartIndices: ClosedRange<Int> { limits.starts }

    func validEndIndices(forStart start: Int) -> ClosedRange<Int> { limits.ends(forStart: start) }

    private var focusedIndex: Int {
        focus == .start ? startIndex : endIndex
    }

    private var focusedIndices: ClosedRange<Int> {
        focus == .start ? validStartIndices : validEndIndices(forStart: startIndex)
    }

    /// Moves the focused column to `index`, clamped to what that column can take.
    private mutating func moveFocused(to index: Int) {
        switch focus {
        case .start:
            moveStart(to: index.clamped(to: validStartIndices))
        case .end:
            endIndex = index.clamped(to: validEndIndices(forStart: startIndex))
        }
    }

    /// Moves the start and takes the end along, keeping the duration as `MyTimePickerAlert` did
    /// (in slots: the same length on the clock, which on a day the clocks change is what a
    /// person moving a meeting expects), then clamps the end so it stays a valid end for the
    /// new start.
    private mutating func moveStart(to index: Int) {
        let newStart = index.clamped(to: validStartIndices)
        let duration = endIndex - startIndex
        startIndex = newStart
        endIndex = (newStart + duration).clamped(to: validEndIndices(forStart: newStart))
    }
}

/// A start and an end as slot indices.
private struct SlotPair: Sendable, Equatable {
    var start: Int
    var end: Int
}
