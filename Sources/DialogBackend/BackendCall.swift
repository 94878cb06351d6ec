internal import DBusKit
internal import CGtk
package import TimePickerCore

/// A method call of io.github.timepickerd.impl.TimePicker1, read from its GVariant parameters
/// into Swift values (GDBus has already checked the signature against the interface).
package enum BackendCall: Sendable, Equatable {
    case showPicker(handle: String, parentWindow: String, options: [String: OptionValue])
    case update(handle: String, state: [String: OptionValue])
    case close(handle: String)

    /// Reads the call `method` from `parameters`; nil for a method the interface does not have.
    package init?(method: String, parameters: VariantReader) {
        let handle = parameters.child(0).string
        switch method {
        case "ShowPicker":
            self = .showPicker(
                handle: handle, parentWindow: parameters.child(1).string, options: parameters.child(2).options)
        case "Update":
            self = .update(handle: handle, state: parameters.child(1).options)
        case "Close":
            self = .close(handle: handle)
        default:
            return nil
        }
    }
}

/// A method call waiting for its reply (`GDBusMethodInvocation`); each is answered exactly once.
///
/// Unchecked Sendable: GDBus lets any thread reply to an invocation, and this type only replies.
final class MethodInvocation: @unchecked Sendable {
    private let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }

    /// Replies with `values` (floating GVariants, consumed). `g_dbus_method_invocation_return_value`.
    func reply(_ values: [OpaquePointer?]) {
        g_dbus_method_invocation_return_value(raw, VariantBuilder.tuple(values))
    }

    /// Replies with the D-Bus error `name`. `g_dbus_method_invocation_return_dbus_error`.
    func fail(_ name: String, _ message: String) {
        g_dbus_method_invocation_return_dbus_error(raw, name, message)
    }
}

/// The D-Bus error names the backend replies with, in one place.
enum BackendError {
    static let invalidArgs = ErrorName.invalidArgs.rawValue
    static let unknownObject = ErrorName.unknownObject.rawValue
    static let unknownMethod = ErrorName.unknownMethod.rawValue
    static let accessDenied = ErrorName.accessDenied.rawValue
}
