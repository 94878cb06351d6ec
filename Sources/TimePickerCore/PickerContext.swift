/// What the core is told of the world when it checks a caller's options: the present, the
/// daemon's zone and the system's zone database. The core reads no clock and no file; the
/// service fills this in.
public struct PickerContext: Sendable {
    /// How times are labelled when the caller sends no `clock`.
    public var defaultClock: ClockStyle
    /// The present instant (seconds since 1970 UTC), for `start` "now"; nil where unknown.
    public var now: Int64?
    /// The zone of sessions whose caller names none: the daemon's own. Asked only when a
    /// session needs it (a date or `now` without `time_zone`), as reading it takes a file.
    public var localZone: @Sendable () -> ZoneRules
    /// The zone database: the rules of an IANA name, nil for a name it does not have.
    public var zoneNamed: @Sendable (String) -> ZoneRules?

    public init(
        defaultClock: ClockStyle, now: Int64?, localZone: @escaping @Sendable () -> ZoneRules,
        zoneNamed: @escaping @Sendable (String) -> ZoneRules?
    ) {
        self.defaultClock = defaultClock
        self.now = now
        self.localZone = localZone
        self.zoneNamed = zoneNamed
    }

    /// UTC, the zone of a context that knows no other.
    public static let utc = ZoneRules(name: "UTC", fixed: ZoneOffset(seconds: 0, abbreviation: "UTC"))

    /// A context for code that knows only the local time of day (tests, fuzzing): UTC is the
    /// only zone, and `now` is that time on 2026-01-01.
    public static func timeOfDay(_ now: WallClockTime?, defaultClock: ClockStyle) -> PickerContext {
        let day = Int64(CalendarDate(year: 2026, month: 1, day: 1)!.daysSinceEpoch) * 86_400
        return PickerContext(
            defaultClock: defaultClock, now: now.map { day + Int64($0.minutes) * 60 }, localZone: { utc },
            zoneNamed: { $0 == "UTC" ? utc : nil })
    }
}
