/// Validated picker options with every default filled in.
public struct PickerOptions: Sendable, Equatable {
    public static let defaultTitle = "Select start and end time"
    /// Every option key a caller may send, in the order they are documented and checked.
    public static let knownKeys: [String] = [
        "title", "step", "first", "last", "start", "end", "min_duration", "timeout", "timeout_extensions", "handle_token", "clock",
        "terminal", "ui", "parent_window", "activation_token", "locale", "overnight", "date", "time_zone",
    ]
    /// Minutes between slots when the caller sends no `step`; `MyTimePickerAlert`, the iOS picker
    /// this service is modelled on, had hourly slots.
    public static let defaultStep = 60
    /// The first slot when the caller sends no `first`: 01:00, as in `MyTimePickerAlert`'s "1:00 AM".
    public static let defaultFirst = WallClockTime(uncheckedMinutes: 60)
    /// The longest title, in Characters, so a caller cannot flood the screen.
    public static let maxTitleLength = 200
    /// The most Unicode code points a title may hold: ten per character covers any script
    /// and emoji sequence (a family emoji is five or seven), and keeps a title to a few
    /// kilobytes however it is composed.
    public static let maxTitleScalars = 2000
    /// The longest handle token; it becomes part of an object path.
    public static let maxHandleTokenLength = 255

    /// Shown above the columns; at most `maxTitleLength` Characters, not sanitised here.
    public var title: String
    /// The application that asked, as far as the system can vouch for the caller's process
    /// (its sandbox, its systemd unit, its executable): set by the service, never from an
    /// option, and shown by every front end ("Asked by Firefox"). Nil only where no service
    /// set it (tests, the library).
    public var requester: Requester?
    /// The slots both columns choose from (dated: on the `date` in the zone, `grid.date`, `grid.zone`).
    public var grid: SlotGrid
    /// Whether the end may fall on the next day (`overnight`): the start is on the picker's
    /// day, the end at most a day after it.
    public var overnight: Bool
    /// The initially selected start slot.
    public var start: Slot
    /// The initially selected end slot, never earlier than `start + minDuration`.
    public var end: Slot
    /// The shortest allowed end - start, in minutes of real elapsed time.
    public var minDuration: Int
    /// Seconds until the picker cancels itself; 0 means never.
    public var timeoutSeconds: UInt32
    /// How many times the person may extend the time limit (`timeout_extensions`), each
    /// extension giving the whole `timeoutSeconds` again from when they extend; 0 without a
    /// timeout.
    public var timeoutExtensions: UInt32
    /// The most extensions a caller may allow: WCAG 2.2.1 asks for at least ten; more than
    /// this is a session that never ends, which `timeout` exists to prevent.
    public static let maxTimeoutExtensions: UInt32 = 100
    /// The caller's token for the request handle, if it sent one.
    public var handleToken: String?
    /// How times are labelled.
    public var clock: ClockStyle
    /// The user interface the caller asked for this session (the `ui` option), or nil for the
    /// daemon's own choice.
    public var userInterface: UserInterfaceKind?
    /// The window of the caller's a dialog is attached to (`parent_window`), or nil for none.
    public var parentWindow: ParentWindow?
    /// A token that lets a compositor give a dialog the focus (`activation_token`), if any.
    public var activationToken: String?
    /// The locale the person reads the picker in (`locale`: the caller's), or nil for the
    /// daemon's own; its form is checked here, whether the system has it by the service.
    public var locale: String?

    /// Validates a caller's options and fills in defaults; throws on the first problem found.
    ///
    /// Order: unknown keys, then types, then values in dependency order (title, step, overnight,
    /// date, time_zone, first, last, min_duration, start, end, timeout, timeout_extensions, handle_token, clock, ui,
    /// parent_window, activation_token, locale). `context` gives the present (for `start`
    /// "now"), the daemon's zone and the zone database.
    public init(validating raw: [String: OptionValue], context: PickerContext) throws(OptionError) {
        let options = try RawOptions(raw)
        title = try Self.validatedTitle(options.string("title"))
        let step = try Self.validatedStep(options.uint32("step"))
        overnight = options.boolean("overnight") ?? false
        let day = try Self.validatedDate(options.string("date"))
        let zone = try Self.validatedZone(options.string("time_zone"), context: context)
        let dated = try day.map { day throws(OptionError) in
            let rules = zone()
            return (try Self.resolvedDate(day, now: context.now, zone: rules), rules)
        }
        let first = try Self.validatedTime(options.string("first"), key: "first") ?? Self.defaultFirst
        grid = try Self.validatedGrid(first: first, last: options.string("last"), step: step, overnight: overnight, date: dated)
        let givenMinDuration = options.uint32("min_duration")
        minDuration = try Self.validatedMinDuration(givenMinDuration, grid: grid)
        let limits = SlotLimits(grid: grid, minDurationSeconds: minDuration * 60, overnight: overnight)
        let startIndex = try Self.validatedStart(
            options.string("start"), limits: limits, blameMinDuration: givenMinDuration != nil, now: context.now, zone: { [grid] in grid.zone ?? zone() })
        start = grid[startIndex]
        end = grid[try Self.validatedEnd(options.string("end"), startIndex: startIndex, limits: limits)]
        timeoutSeconds = options.uint32("timeout") ?? 0
        timeoutExtensions = try Self.validatedTimeoutExtensions(options.uint32("timeout_extensions"), timeoutSeconds: timeoutSeconds)
        handleToken = try Self.validatedHandleToken(options.string("handle_token"))
        clock = try Self.validatedClock(options.string("clock")) ?? context.defaultClock
        userInterface = try Self.validatedUserInterface(options.string("ui"))
        parentWindow = try Self.validatedParentWindow(options.string("parent_window"))
        activationToken = try Self.validatedActivationToken(options.string("activation_token"))
        locale = try Self.validatedLocaleName(options.string("locale"))
    }

    /// The options of code that knows only the local time of day (tests, fuzzing, the dialog
    /// backend's checks of values the daemon sent): UTC is the only zone.
    public init(validating raw: [String: OptionValue], defaultClock: ClockStyle, now: WallClockTime? = nil) throws(OptionError) {
        try self.init(validating: raw, context: .timeOfDay(now, defaultClock: defaultClock))
    }
}
