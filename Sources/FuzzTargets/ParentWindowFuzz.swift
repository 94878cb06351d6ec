internal import DialogBackend
internal import TimePickerCore

/// `parent_window` text through the daemon's option check and the backend's parser. Which
/// texts are accepted is the parsers' business (and changing): only crashes count here.
enum ParentWindowFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        _ = ParentWindow(text)?.text
        _ = ParentWindowID(parsing: text)
        _ = ParentWindowID.problem(with: text)
        _ = try? PickerOptions(validating: ["parent_window": .string(text)], defaultClock: .twentyFourHour)
    }
}
