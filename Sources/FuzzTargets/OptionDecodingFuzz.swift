internal import DBusKit
internal import TimePickerContract
internal import TimePickerCore
internal import TimePickerService

/// A method call's bytes as a peer sends them, read the way the daemon reads ShowTimePicker and
/// PickTimeRange: libdbus's checks, the header's signature, the body within the daemon's
/// limits, the `a{sv}` decoded, the options validated, and a picker made from them.
enum OptionDecodingFuzz {
    /// An instant for the `now` that the default start and end follow.
    private static let now = WallClockTime(minutes: 10 * 60 + 7)

    static func run(_ input: UnsafeRawBufferPointer) {
        // Wire bytes a connection would turn into a message; most mutations are not one.
        guard let call = DBusMessage.demarshalled(input), call.signature == "a{sv}" else { return }
        guard let arguments = try? call.arguments(
            maximumValues: TimePickerService.maximumArgumentValues, maximumStringBytes: TimePickerService.maximumStringBytes)
        else { return }
        // Descriptors read from a message are the reader's to close (here there are none to
        // copy: a demarshalled message carries no descriptors, and reads as -1).
        defer { arguments.closeReceivedDescriptors() }
        guard let decoded = try? OptionDecoding.options(of: arguments, method: TimePickerBus.Member.showTimePicker),
              let options = try? PickerOptions(validating: decoded.options, defaultClock: .twentyFourHour, now: now)
        else { return }
        // Options the service accepts make a picker that keeps every promise.
        let model = PickerModel(options: options)
        FuzzPickers.check(model)
        require(options.title.unicodeScalars.count <= PickerOptions.maxTitleScalars, "a title of \(options.title.unicodeScalars.count) code points passed")
        _ = model.state
        _ = displaySafe(options.title)
    }
}
