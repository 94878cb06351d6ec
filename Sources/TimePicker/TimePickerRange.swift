public import FoundationEssentials
package import TimePickerCore

/// A range the person chose: always its two times, `HH:MM` as the service's Selected signal
/// says them, and whatever else the session's Response said of it (a service older than that
/// signal says only the two times).
public struct TimePickerRange: Equatable, Sendable, CustomStringConvertible {
    /// The start, `HH:MM` in 24-hour time: "09:00".
    public let start: String
    /// The end, `HH:MM`: "17:30"; on the next day when `isNextDay` ("06:00" after "22:00").
    public let end: String
    /// What the Response said beyond the two times; nil from an older service.
    let details: Details?

    /// Whether the end is on the day after the start's (an `overnight` range; 24:00 is not).
    public var isNextDay: Bool? { details?.nextDay }
    /// The real time from start to end (a night the clocks change included).
    public var duration: Duration? { details.map { .seconds(Int64($0.durationSeconds)) } }
    /// With `date`: the range's two instants.
    public var interval: DateInterval? {
        guard let dated = details?.dated else { return nil }
        return DateInterval(
            start: Date(timeIntervalSince1970: Double(dated.start.secondsSince1970)),
            end: Date(timeIntervalSince1970: Double(dated.end.secondsSince1970)))
    }
    /// With `date`: the session's zone. Nil too when Foundation on this system cannot make it
    /// (a program that imports only FoundationEssentials has no zone database): see
    /// `timeZoneIdentifier`.
    public var timeZone: TimeZone? { timeZoneIdentifier.flatMap { TimeZone(identifier: $0) } }
    /// With `date`: the IANA name of the session's zone ("Europe/Berlin").
    public var timeZoneIdentifier: String? { details?.dated?.timeZone }

    /// The length in seconds, as the Response says it (`duration`).
    package var durationSeconds: UInt32? { details?.durationSeconds }
    /// With `date`: the picker's day, `YYYY-MM-DD`.
    package var date: String? { details?.dated?.date.isoText }
    /// With `date`: the start as ISO 8601 with its UTC offset, `2026-03-28T22:00:00+01:00`.
    package var startTime: String? { details?.dated?.start.text }
    /// With `date`: the end likewise, `2026-03-29T06:00:00+02:00`.
    package var endTime: String? { details?.dated?.end.text }
    /// With `date`: the start in seconds since 1970-01-01T00:00:00Z.
    package var startSecondsSince1970: Int64? { details?.dated?.start.secondsSince1970 }
    /// With `date`: the end in seconds since 1970.
    package var endSecondsSince1970: Int64? { details?.dated?.end.secondsSince1970 }

    /// "09:00–17:30", as a log line would say it.
    public var description: String { "\(start)–\(end)" }

    /// What a service with the Response signal, or the core, says beyond the two times.
    struct Details: Equatable, Sendable {
        let nextDay: Bool
        let durationSeconds: UInt32
        /// Nil for a picker without a date.
        let dated: Dated?
    }

    /// A dated range: its day, its instants with their offsets, its zone.
    struct Dated: Equatable, Sendable {
        let date: CalendarDate
        let start: ISOInstant
        let end: ISOInstant
        let timeZone: String
    }

    /// Only the two times, as an older service answers.
    init(start: String, end: String) {
        self.start = start
        self.end = end
        details = nil
    }

    init(start: String, end: String, details: Details) {
        self.start = start
        self.end = end
        self.details = details
    }

    /// The range the core settled on, in a picker shown without the service (`timepickerctl`
    /// with no session bus).
    package init(_ range: PickedRange) {
        start = range.start.clockText
        end = range.end.clockText
        var dated: Dated?
        if let date = range.date, let zone = range.zoneName, let startText = range.startTime, let endText = range.endTime,
           let startInstant = ISOInstant(parsing: startText), let endInstant = ISOInstant(parsing: endText) {
            dated = Dated(date: date, start: startInstant, end: endInstant, timeZone: zone)
        }
        details = Details(nextDay: range.nextDay, durationSeconds: UInt32(clamping: range.durationSeconds), dated: dated)
    }
}
