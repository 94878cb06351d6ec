internal import TimePickerContract
public import DBusKit

/// An error the service answers a method call with: a D-Bus error name and a message that says
/// what is wrong. Every error name the service uses is here, in one place.
public struct ServiceError: Error, Sendable, Equatable {
    public let name: ErrorName
    public let message: String

    private init(_ name: ErrorName, _ message: String) {
        self.name = name
        self.message = message
    }

    // MARK: The service's own errors

    /// The session ended without a selection; the message is the reason as it goes on the bus.
    static func cancelled(_ reason: String) -> ServiceError { ServiceError(TimePickerBus.Error.cancelled, reason) }
    static func noUserInterface(_ message: String) -> ServiceError { ServiceError(TimePickerBus.Error.noUserInterface, message) }
    static func limitsExceeded(_ message: String) -> ServiceError { ServiceError(TimePickerBus.Error.limitsExceeded, message) }

    // MARK: Standard errors

    static func invalidArgs(_ message: String) -> ServiceError { ServiceError(.invalidArgs, message) }
    static func accessDenied(_ message: String) -> ServiceError { ServiceError(.accessDenied, message) }
    /// Too much waits for the bus to say who the callers are: the standard error, which any
    /// method may answer, not the contract's own LimitsExceeded (sessions).
    static func waitingCallsFull(_ message: String) -> ServiceError { ServiceError(.limitsExceeded, message) }
    static func unknownMethod(_ message: String) -> ServiceError { ServiceError(.unknownMethod, message) }
    static func unknownObject(_ message: String) -> ServiceError { ServiceError(.unknownObject, message) }
    static func unknownInterface(_ message: String) -> ServiceError { ServiceError(.unknownInterface, message) }
    static func unknownProperty(_ message: String) -> ServiceError { ServiceError(.unknownProperty, message) }
    static func propertyReadOnly(_ message: String) -> ServiceError { ServiceError(.propertyReadOnly, message) }
    static func failed(_ message: String) -> ServiceError { ServiceError(.failed, message) }
}
