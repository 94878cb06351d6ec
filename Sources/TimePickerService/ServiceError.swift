internal import DBusKit

/// An error the service answers a method call with: a D-Bus error name and a message that says
/// what is wrong. Every error name the service uses is here, in one place.
public struct ServiceError: Error, Sendable, Equatable {
    public let name: String
    public let message: String

    private init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    /// The name as libdbus wants it; every name here is valid by construction.
    var errorName: ErrorName {
        ErrorName(name) ?? "org.freedesktop.DBus.Error.Failed"
    }

    // MARK: The service's own errors

    public static let cancelledName = "io.github.timepickerd.TimePicker1.Error.Cancelled"
    public static let noUserInterfaceName = "io.github.timepickerd.TimePicker1.Error.NoUserInterface"
    public static let limitsExceededName = "io.github.timepickerd.TimePicker1.Error.LimitsExceeded"

    /// The session ended without a selection; the message is the reason as it goes on the bus.
    static func cancelled(_ reason: String) -> ServiceError { ServiceError(cancelledName, reason) }
    static func noUserInterface(_ message: String) -> ServiceError { ServiceError(noUserInterfaceName, message) }
    static func limitsExceeded(_ message: String) -> ServiceError { ServiceError(limitsExceededName, message) }

    // MARK: Standard errors

    static func invalidArgs(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.InvalidArgs", message)
    }
    static func accessDenied(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.AccessDenied", message)
    }
    static func unknownMethod(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.UnknownMethod", message)
    }
    static func unknownObject(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.UnknownObject", message)
    }
    static func unknownInterface(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.UnknownInterface", message)
    }
    static func unknownProperty(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.UnknownProperty", message)
    }
    static func propertyReadOnly(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.PropertyReadOnly", message)
    }
    static func failed(_ message: String) -> ServiceError {
        ServiceError("org.freedesktop.DBus.Error.Failed", message)
    }
}
