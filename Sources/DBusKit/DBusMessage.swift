internal import CDBus

/// A D-Bus message: a method call, a reply, an error or a signal. Owns one libdbus reference.
public final class DBusMessage {
    let raw: OpaquePointer

    /// Adopts a reference the caller already holds.
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    /// Takes a new reference to a message libdbus lends us (as in a filter callback).
    init(borrowing raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    /// What kind of message this is.
    public enum Kind: Sendable, Equatable {
        case methodCall, methodReturn, error, signal, unknown
    }

    // MARK: Making messages

    /// A method call. The corresponding C function is `dbus_message_new_method_call`.
    public static func methodCall(
        destination: BusName?, path: ObjectPath, interface: InterfaceName?, member: MemberName
    ) throws(DBusFailure) -> DBusMessage {
        let raw = destination?.rawValue.withCString { destination in
            dbus_message_new_method_call(destination, path.rawValue, interface?.rawValue, member.rawValue)
        } ?? dbus_message_new_method_call(nil, path.rawValue, interface?.rawValue, member.rawValue)
        // Every name is valid (typed), so a nil can only be libdbus failing to allocate.
        guard let raw else { throw .noMemory }
        return DBusMessage(adopting: raw)
    }

    /// A signal. The corresponding C function is `dbus_message_new_signal`.
    ///
    /// The names go to libdbus through `withCString`, which lends a short string (a member
    /// name, most often) from the stack; passing the String itself copies such a one into an
    /// array on the heap, for every signal sent.
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) throws(DBusFailure) -> DBusMessage {
        let raw = path.rawValue.withCString { path in
            interface.rawValue.withCString { interface in
                member.rawValue.withCString { member in dbus_message_new_signal(path, interface, member) }
            }
        }
        guard let raw else { throw .noMemory }
        return DBusMessage(adopting: raw)
    }

    /// The successful reply to this method call. The corresponding C function is `dbus_message_new_method_return`.
    public func makeReturn() throws(DBusFailure) -> DBusMessage {
        try checkCanBeAnswered()
        guard let reply = dbus_message_new_method_return(raw) else { throw .noMemory }
        return DBusMessage(adopting: reply)
    }

    /// The error reply to this method call. The corresponding C function is `dbus_message_new_error`.
    public func makeError(name: ErrorName, message: String) throws(DBusFailure) -> DBusMessage {
        try checkCanBeAnswered()
        guard let reply = dbus_message_new_error(raw, name.rawValue, message.cStringSafe) else { throw .noMemory }
        return DBusMessage(adopting: reply)
    }

    /// libdbus aborts the process when asked to answer a message without a serial (one that
    /// was never sent), so that is refused here.
    private func checkCanBeAnswered() throws(DBusFailure) {
        guard serial != 0 else {
            throw DBusFailure(name: .invalidArgs, message: "cannot answer a message that was never sent")
        }
    }

    // MARK: Header fields

    public var kind: Kind {
        switch Int32(dbus_message_get_type(raw)) {
        case CDBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case CDBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case CDBUS_MESSAGE_TYPE_ERROR: .error
        case CDBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .unknown
        }
    }

    // libdbus validated every header field when it read or made the message (a message that
    // fails is never handed out, and ours are made from names already checked), so the typed
    // names below are taken as they are instead of being checked again on every read.
    public var path: ObjectPath? { dbus_message_get_path(raw).map { ObjectPath(validated: String(cString: $0)) } }
    public var interface: InterfaceName? { dbus_message_get_interface(raw).map { InterfaceName(validated: String(cString: $0)) } }
    public var member: MemberName? { dbus_message_get_member(raw).map { MemberName(validated: String(cString: $0)) } }
    public var sender: BusName? { dbus_message_get_sender(raw).map { BusName(validated: String(cString: $0)) } }
    public var destination: BusName? { dbus_message_get_destination(raw).map { BusName(validated: String(cString: $0)) } }
    public var errorName: ErrorName? { dbus_message_get_error_name(raw).map { ErrorName(validated: String(cString: $0)) } }
    /// The body's type signature, "" for an empty body.
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    public var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }
    /// Whether the caller asked for no reply, so none should be sent.
    public var expectsReply: Bool { dbus_message_get_no_reply(raw) == 0 }

    /// Sets the message's destination, making a signal unicast. The corresponding C function is
    /// `dbus_message_set_destination`.
    public func setDestination(_ destination: BusName) {
        dbus_message_set_destination(raw, destination.rawValue)
    }

    // MARK: What the bus stamps on a message (for fakes of the bus)

    /// Stamps `sender` on the message, as the bus does on everything it routes. For
    /// `DBusKitTesting`'s fake bus only. The corresponding C function is `dbus_message_set_sender`.
    package func setSender(_ sender: BusName) {
        dbus_message_set_sender(raw, sender.rawValue)
    }

    /// Numbers the message, as sending it does, so that it can be answered. For
    /// `DBusKitTesting`'s fake bus only. The corresponding C function is `dbus_message_set_serial`.
    package func setSerial(_ serial: UInt32) {
        dbus_message_set_serial(raw, serial)
    }

    /// Marks a method call as needing no reply. For `DBusKitTesting`'s fake bus only. The
    /// corresponding C function is `dbus_message_set_no_reply`.
    package func setNoReplyExpected() {
        dbus_message_set_no_reply(raw, 1)
    }

    /// Whether this is a signal named `member` on `interface`.
    public func isSignal(interface: InterfaceName, member: MemberName) -> Bool {
        kind == .signal && self.interface == interface && self.member == member
    }
}

extension String {
    /// The string without NUL characters, which a C string (and D-Bus) cannot carry.
    var cStringSafe: String {
        containsNUL ? String(unicodeScalars.filter { $0 != "\0" }) : self
    }

    /// Whether the string holds a NUL character, read from its UTF-8 storage at once (the
    /// UTF-8 view goes byte by byte, at about 25 instructions a byte, for every string sent).
    var containsNUL: Bool {
        var text = self
        return text.withUTF8 { $0.contains(0) }
    }
}
