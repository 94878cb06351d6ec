import Localization
import TerminalUI
import TimePickerCore

/// Removes CSI sequences (ESC [ ... final byte), leaving the text a person would read.
func plainText(_ frame: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = frame.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        guard scalar == "\u{1B}" else {
            result.append(scalar)
            continue
        }
        // Frames only use CSI; skip "[" and everything up to the final byte.
        _ = scalars.next()
        while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    }
    return String(result)
}

/// The frame's plain text split into screen lines (the frame separates them with CR LF; an
/// inline frame begins and ends with a carriage return).
func plainLines(_ frame: String) -> [String] {
    var text = plainText(frame)
    if text.hasPrefix("\r") { text.removeFirst() }
    if text.hasSuffix("\r") { text.removeLast() }
    return text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
}

/// A picker model from raw options, 12-hour clock unless the options say otherwise.
func model(_ raw: [String: OptionValue] = [:], clock: ClockStyle = .twelveHour) throws -> PickerModel {
    PickerModel(options: try PickerOptions(validating: raw, defaultClock: clock))
}

/// Parses a known-good "HH:MM" literal; a bad one is a bug in the test itself.
func time(_ text: String) -> WallClockTime {
    guard let time = WallClockTime(parsing: text) else {
        preconditionFailure("bad time literal in test: \(text)")
    }
    return time
}

extension PickerFrame {
    /// The frame for a model the test drives, on the alternate screen unless told otherwise, as
    /// text: front ends draw the state their session hands them. `waiting` pickers are queued
    /// behind it, titled "Next 1", "Next 2", ….
    static func render(
        _ model: PickerModel, waiting: Int = 0, columns: Int, rows: Int, placement: FramePlacement = .alternateScreen, now: Int = 0,
        language: Language = .environment
    ) -> String {
        let titles = waiting > 0 ? (1...waiting).map { "Next \($0)" } : []
        let frame = PickerFrame(options: model.options, language: language)
        let bytes = frame.render(model.state, size: TerminalSize(columns: columns, rows: rows), placement: placement, waiting: titles, now: now)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Berlin's 2026 rules as the zone database has them: CET (+01:00) until 2026-03-29 01:00Z,
/// CEST (+02:00) until 2026-10-25 01:00Z, CET after.
let berlin2026 = ZoneRules(
    name: "Europe/Berlin", initial: ZoneOffset(seconds: 3600, abbreviation: "CET"),
    changes: [
        ZoneChange(instant: 1_774_746_000, offset: ZoneOffset(seconds: 7200, abbreviation: "CEST")),
        ZoneChange(instant: 1_792_890_000, offset: ZoneOffset(seconds: 3600, abbreviation: "CET")),
    ])

/// Options validated as the service does, with a zone database that has Berlin's 2026 and UTC.
func options(_ raw: [String: OptionValue], clock: ClockStyle = .twentyFourHour) throws -> PickerOptions {
    let context = PickerContext(defaultClock: clock, now: nil, localZone: { PickerContext.utc }) { name in
        switch name {
        case "Europe/Berlin": berlin2026
        case "UTC": PickerContext.utc
        default: nil
        }
    }
    return try PickerOptions(validating: raw, context: context)
}

/// The night shift: 22:00 to 06:00 the next day at 30-minute steps, on a list from 18:00 to
/// 08:00 the next day.
let nightShift: [String: OptionValue] = [
    "title": .string("Night shift"), "overnight": .boolean(true), "step": .uint32(30),
    "first": .string("18:00"), "last": .string("08:00"), "start": .string("22:00"), "end": .string("06:00"),
]

/// The night the clocks go back in Berlin, 2026-10-24 to 25, from 22:00 to 02:30 (CEST): the
/// next day's 02:00 and 02:30 come twice.
let fallBackNight: [String: OptionValue] = nightShift.merging([
    "date": .string("2026-10-24"), "time_zone": .string("Europe/Berlin"), "end": .string("02:30"),
]) { $1 }

/// The label after `marker` in `lines` (the selection in a column, or in the compact frame), up
/// to the next gap of two spaces or the line's end; nil if no line has the marker.
func label(after marker: String, in lines: [String]) -> String? {
    for line in lines {
        guard let range = line.firstRange(of: marker) else { continue }
        let rest = line[range.upperBound...].drop { $0 == " " }
        // Labels hold single spaces ("6:00 AM (next day)"); columns are two or more apart.
        let end = rest.firstRange(of: "  ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
    return nil
}

/// The columns at which `line` has a colon (each time's), counted in display columns.
func colonColumns(_ line: String) -> [Int] {
    var columns: [Int] = []
    var column = 0
    for character in line {
        if character == ":" { columns.append(column) }
        column += DisplayWidth.of(character)
    }
    return columns
}
