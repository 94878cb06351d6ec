internal import CDBus

/// A validated D-Bus object path such as `/io/github/timepickerd/TimePicker1`.
///
/// The corresponding C function is `dbus_validate_path`.
public struct ObjectPath: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Returns nil when `rawValue` is not a valid object path.
    public init?(_ rawValue: String) {
        guard isValid(rawValue, by: dbus_validate_path) else { return nil }
        self.rawValue = rawValue
    }

    /// A name libdbus has already validated (a header field of a message it read or made).
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The path one element deeper (or several: "a/b"); nil when that is no valid path.
    ///
    /// An element of ASCII letters, digits and '_' after a valid path makes a valid path, so
    /// then only the element is read: a session's path is made this way for every session,
    /// where checking the whole path again cost libdbus a few instructions a byte. Anything
    /// else is checked whole, as before.
    public func appending(_ element: String) -> ObjectPath? {
        var path = rawValue == "/" ? "" : rawValue
        path.reserveCapacity(path.utf8.count + 1 + element.utf8.count)
        path.append("/")
        path.append(element)
        var element = element
        let isElement = element.withUTF8 { bytes in
            !bytes.isEmpty && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "_"): true
                default: false
                }
            }
        }
        return isElement ? ObjectPath(validated: path) : ObjectPath(path)
    }

    /// Whether `self` lies strictly below `ancestor`.
    public func isDescendant(of ancestor: ObjectPath) -> Bool {
        ancestor.rawValue == "/" ? rawValue != "/" : rawValue.hasPrefix(ancestor.rawValue + "/")
    }
}

/// A validated bus name, unique (`:1.42`) or well-known (`io.github.timepickerd.TimePicker1`).
///
/// The corresponding C function is `dbus_validate_bus_name`.
public struct BusName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Returns nil when `rawValue` is not a valid bus name.
    public init?(_ rawValue: String) {
        guard isValid(rawValue, by: dbus_validate_bus_name) else { return nil }
        self.rawValue = rawValue
    }

    /// A name libdbus has already validated (a header field of a message it read or made).
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
    public var isUnique: Bool { rawValue.hasPrefix(":") }
}

/// A validated interface name such as `org.freedesktop.DBus.Properties`.
///
/// The corresponding C function is `dbus_validate_interface`.
public struct InterfaceName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Returns nil when `rawValue` is not a valid interface name.
    public init?(_ rawValue: String) {
        guard isValid(rawValue, by: dbus_validate_interface) else { return nil }
        self.rawValue = rawValue
    }

    /// A name libdbus has already validated (a header field of a message it read or made).
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// A validated error name such as `org.freedesktop.DBus.Error.InvalidArgs`.
///
/// The corresponding C function is `dbus_validate_error_name`.
public struct ErrorName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Returns nil when `rawValue` is not a valid error name.
    public init?(_ rawValue: String) {
        guard isValid(rawValue, by: dbus_validate_error_name) else { return nil }
        self.rawValue = rawValue
    }

    /// A name libdbus has already validated (a header field of a message it read or made).
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// A validated member name: a method or signal, such as `ShowTimePicker`.
///
/// The corresponding C function is `dbus_validate_member`.
public struct MemberName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Returns nil when `rawValue` is not a valid member name.
    public init?(_ rawValue: String) {
        guard isValid(rawValue, by: dbus_validate_member) else { return nil }
        self.rawValue = rawValue
    }

    /// A name libdbus has already validated (a header field of a message it read or made).
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// Runs one of libdbus's `dbus_validate_*` functions, which never fail for want of memory when
/// given a NULL error.
private func isValid(
    _ text: String,
    by validate: (UnsafePointer<CChar>?, UnsafeMutablePointer<DBusError>?) -> dbus_bool_t
) -> Bool {
    guard !text.containsNUL else { return false }
    return text.withCString { validate($0, nil) } != 0
}

// Literals are written by the developer, so an invalid one is a programming error caught on first
// use, like an invalid regex literal; names that come from outside go through the failable inits.
extension ObjectPath: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let valid = ObjectPath(value) else { preconditionFailure("invalid object path literal '\(value)'") }
        self = valid
    }
}

extension BusName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let valid = BusName(value) else { preconditionFailure("invalid bus name literal '\(value)'") }
        self = valid
    }
}

extension InterfaceName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let valid = InterfaceName(value) else { preconditionFailure("invalid interface name literal '\(value)'") }
        self = valid
    }
}

extension MemberName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let valid = MemberName(value) else { preconditionFailure("invalid member name literal '\(value)'") }
        self = valid
    }
}

extension ErrorName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let valid = ErrorName(value) else { preconditionFailure("invalid error name literal '\(value)'") }
        self = valid
    }
}
