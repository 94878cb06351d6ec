/// The picker state machine a UI drives; pure.
///
/// Works on slot indices of `options.grid`, so every reachable state is on the grid.
public struct PickerModel: Sendable, Equatable {
    public let options: PickerOptions
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

    /// Starts from the options' start and end.
    ///
    /// Options that did not come from `PickerOptions(validating:)` may have been
    /// edited into an inconsistent state; they are clamped rather than trusted.
    public init(options: PickerOptions) {
        self.options = options
        let grid = options.grid
        let lastIndex = grid.count - 1
        let gap = Self.gapSlots(minDuration: options.minDuration, grid: grid)
        let wantedStart = grid.indexOfFirstSlot(atOrAfter: options.start.minutes) ?? lastIndex
        let start = wantedStart.clamped(to: Self.startIndices(lastIndex: lastIndex, gap: gap))
        let wantedEnd = grid.indexOfFirstSlot(atOrAfter: options.end.minutes) ?? lastIndex
        startIndex = start
        endIndex = wantedEnd.clamped(to: Self.endIndices(forStart: start, lastIndex: lastIndex, gap: gap))
    }

    /// The selected start time.
    public var start: WallClockTime { grid[startIndex] }

    /// The selected end time.
    public var end: WallClockTime { grid[endIndex] }

    /// The selected duration, end - start, in minutes.
    public var durationMinutes: Int { end.minutes - start.minutes }

    /// Starts that leave room for an end: slots s with s + minDuration <= last.
    public var validStarts: [WallClockTime] { validStartIndices.map { grid[$0] } }

    /// Ends for the current start: slots >= start + minDuration.
    public var validEnds: [WallClockTime] { validEndIndices(forStart: startIndex).map { grid[$0] } }

    /// Applies one event; returns the outcome when the event ends the picker
    /// (.confirm -> .selected(start,end), .cancel -> .cancelled(.user)), nil otherwise.
    public mutating func apply(_ event: PickerEvent) -> PickerOutcome? {
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
        case .confirm:
            return .selected(start: start, end: end)
        case .cancel:
            return .cancelled(.user)
        }
        return nil
    }

    // MARK: - Moving

    /// What `typed` comes to in the focused column (`TypedReading`).
    func reading(ofTyped typed: String) -> TypedReading {
        TypedReading(typed: typed, grid: grid, indices: focusedIndices)
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

    private var gap: Int { Self.gapSlots(minDuration: options.minDuration, grid: grid) }

    var validStartIndices: ClosedRange<Int> {
        Self.startIndices(lastIndex: grid.count - 1, gap: gap)
    }

    func validEndIndices(forStart start: Int) -> ClosedRange<Int> {
        Self.endIndices(forStart: start, lastIndex: grid.count - 1, gap: gap)
    }

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

    /// Moves the start and takes the end along, keeping the duration as `MyTimePickerAlert` did,
    /// then clamps the end so it stays a valid end for the new start.
    private mutating func moveStart(to index: Int) {
        let newStart = index.clamped(to: validStartIndices)
        let duration = endIndex - startIndex
        startIndex = newStart
        endIndex = (newStart + duration).clamped(to: validEndIndices(forStart: newStart))
    }

    // MARK: - Ranges

    /// How many slots the end must stay after the start: min_duration rounded up to whole slots.
    private static func gapSlots(minDuration: Int, grid: SlotGrid) -> Int {
        let minutes = max(0, minDuration)
        return minutes / grid.step + (minutes % grid.step == 0 ? 0 : 1)
    }

    private static func startIndices(lastIndex: Int, gap: Int) -> ClosedRange<Int> {
        0...max(0, lastIndex - gap)
    }

    private static func endIndices(forStart start: Int, lastIndex: Int, gap: Int) -> ClosedRange<Int> {
        min(start + gap, lastIndex)...lastIndex
    }
}

/// A start and an end as slot indices.
private struct SlotPair: Sendable, Equatable {
    var start: Int
    var end: Int
}
