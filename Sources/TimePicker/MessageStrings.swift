internal import DBusKit

extension DBusMessage {
    /// The string arguments, in order.
    var strings: [String] {
        ((try? arguments()) ?? []).compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
