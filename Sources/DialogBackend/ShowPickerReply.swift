internal import DBusKit
internal import TimePickerContract
internal import TimePickerCore
internal import Logging

/// The late reply of one ShowPicker call, sent exactly once when its dialog ends: response 0
/// with the selection (its slots' wire text), 1 when the person cancelled, 2 with a reason otherwise.
final class ShowPickerReply {
    private let call: DBusMessage
    private let bus: any MessageBus
    private var sent = false

    init(to call: DBusMessage, on bus: any MessageBus) {
        self.call = call
        self.bus = bus
    }

    /// Sends the reply for `outcome`; later calls do nothing.
    func send(_ outcome: DialogOutcome, log: Logger) {
        guard !sent else { return }
        sent = true
        let values: [DBusValue] =
            switch outcome {
            case .accepted(let start, let end):
                // As `Slot.wireText`: the daemon takes the slots exactly (an end on the next
                // day, the repeated hour's second 02:30), not only their clock times.
                [.uint32(0), .vardict([DialogBackendBus.ResultKey.start: .string(start.wireText), DialogBackendBus.ResultKey.end: .string(end.wireText)])]
            case .cancelled: [.uint32(1), .vardict([:])]
            case .ended(let reason): [.uint32(2), .vardict([DialogBackendBus.ResultKey.reason: .string(reason)])]
            }
        do {
            try bus.reply(to: call, with: values)
        } catch {
            log.warning("cannot answer ShowPicker: \(error)")
        }
    }
}
