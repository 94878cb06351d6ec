/// A time zone's rules as the core needs them: which UTC offset is in force at each instant.
///
/// The core reads no files: the zone database is read above it (`LocalSettings.ZoneDatabase`)
/// and handed in, so that the core stays pure and a test can make any zone it likes.
public struct ZoneRules: Hashable, Sendable {
    /// The zone's IANA name ("Europe/Berlin"), as a session reports it.
    public let name: String
    /// The offset before the first change.
    public let initial: ZoneOffset
    /// Every change of offset, by instant, in order.
    public let changes: [ZoneChange]

    /// A zone named `name` whose offset is `initial` until the first of `changes` (sorted by instant).
    public init(name: String, initial: ZoneOffset, changes: [ZoneChange]) {
        self.name = name
        self.initial = initial
        self.changes = changes
    }

    /// A zone whose offset never changes (UTC, or a test's).
    public init(name: String, fixed offset: ZoneOffset) {
        self.init(name: name, initial: offset, changes: [])
    }

    /// The offset in force at `instant` (seconds since 1970-01-01T00:00:00Z).
    public func offset(at instant: Int64) -> ZoneOffset {
        // The last change at or before the instant: the one before the first change after it.
        let after = changes.partitioningIndex { $0.instant > instant }
        return after == 0 ? initial : changes[after - 1].offset
    }

    /// What this zone's clocks show at `instant`: the day (days since 1970-01-01) and the
    /// seconds into it. The one reading of a local time, for every program: glibc's
    /// `localtime_r` reads its zone once per process, these rules whenever they are read.
    public func wallClock(at instant: Int64) -> (daysSinceEpoch: Int64, secondsIntoDay: Int) {
        let local = instant + Int64(offset(at: instant).seconds)
        // Floor division: an instant before 1970 is on the day before, not after.
        let days = local >= 0 ? local / CivilCalendar.secondsPerDay : (local - CivilCalendar.secondsPerDay + 1) / CivilCalendar.secondsPerDay
        return (days, Int(local - days * CivilCalendar.secondsPerDay))
    }
}

/// A UTC offset and the abbreviation a zone gives it ("CET" at +01:00).
public struct ZoneOffset: Hashable, Sendable {
    /// Seconds east of UTC.
    public let seconds: Int
    /// The zone's abbreviation for it ("CEST", "EST", "+14"); may be empty.
    public let abbreviation: String

    public init(seconds: Int, abbreviation: String) {
        self.seconds = seconds
        self.abbreviation = abbreviation
    }
}

/// The instant a zone's offset changes, and the offset from then on.
public struct ZoneChange: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Int64
    public let offset: ZoneOffset

    public init(instant: Int64, offset: ZoneOffset) {
        self.instant = instant
        self.offset = offset
    }
}
