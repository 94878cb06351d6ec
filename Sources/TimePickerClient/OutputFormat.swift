/// How `timepickerctl pick` prints the chosen range on stdout (`--format`).
enum OutputFormat: String, CaseIterable, Equatable, Sendable {
    /// "22:00 06:00": the times on the clock, as the service's Selected says them.
    case hm
    /// "2026-03-28T22:00:00+01:00 2026-03-29T06:00:00+02:00": dated instants with their offsets.
    case iso8601
    /// "1774731600 1774760400": the two instants as seconds since 1970 UTC.
    case epoch

    /// The values `--format` takes, as the help and the usage error list them.
    static let names = allCases.map(\.rawValue)

    /// Whether the range must have a day to be printed so: without `--date`, today's.
    var needsDate: Bool { self != .hm }
}
