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
        _ model: PickerModel, waiting: Int = 0, columns: Int, rows: Int, placement: FramePlacement = .alternateScreen, now: Int = 0
    ) -> String {
        let titles = waiting > 0 ? (1...waiting).map { "Next \($0)" } : []
        let frame = PickerFrame(options: model.options)
        let bytes = frame.render(model.state, size: TerminalSize(columns: columns, rows: rows), placement: placement, waiting: titles, now: now)
        return String(decoding: bytes, as: UTF8.self)
    }
}
