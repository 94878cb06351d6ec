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

/// The frame's plain text split into screen lines (the frame separates them with CR LF).
func plainLines(_ frame: String) -> [String] {
    plainText(frame).split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
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
    /// The frame for a model the test drives: front ends draw the state their session hands them.
    static func render(_ model: PickerModel, waiting: Int, columns: Int, rows: Int) -> String {
        render(model.state, waiting: waiting, columns: columns, rows: rows)
    }
}
