internal import CDBus

/// Makes signals from the ones made before: a service that says the same thing from object after
/// object (a session's `Cancelled("caller")`, its `Response` for the same range) copies the
/// signal it made last time and names the object, instead of writing the body again.
///
/// libdbus writes a body value by value through its type writer and rewrites the header's
/// signature for every argument after the first: about 67,000 instructions for a session's
/// `Response(ua{sv})` and 15,000 for `Cancelled(s)`, where copying a made signal and adding its
/// path costs 7,500 (callgrind, libdbus 1.14). A template has no path: the copy's path is
/// added, never replaced, which libdbus does at twice the cost of writing the body. So the
/// path is the last of the copy's header fields, where `dbus_message_new_signal` puts it first;
/// D-Bus gives the fields no order, and the bus adds the sender's after them all anyway.
///
/// The most recent few are kept, each only without descriptors (a kept message would hold its
/// duplicates open) and with a few hundred bytes of strings at most: a signal whose values
/// change every time costs one comparison and one copy more than writing it.
public final class SignalTemplates {
    /// One made signal, never sent itself: only its copies are.
    private struct Template {
        let interface: InterfaceName
        let member: MemberName
        let values: [DBusValue]
        let message: DBusMessage
    }

    /// The most recently used last.
    private var templates: [Template] = []
    private let capacity: Int
    /// How many bytes of strings a kept signal may hold in all.
    static let maximumStringBytes = 512

    /// Keeps the `capacity` most recently used signals.
    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
        templates.reserveCapacity(self.capacity)
    }

    /// The signal `member` of `interface` from `path` with `values`: to every connection that
    /// subscribed, or only to `destination` (a unicast signal). A new message each time, ready
    /// to be sent.
    public func signal(
        _ member: MemberName, of interface: InterfaceName, on path: ObjectPath, _ values: [DBusValue], to destination: BusName? = nil
    ) throws(DBusFailure) -> DBusMessage {
        let template: DBusMessage
        if let index = templates.lastIndex(where: { $0.member == member && $0.interface == interface && $0.values == values }) {
            template = templates[index].message
            if index != templates.count - 1 { templates.append(templates.remove(at: index)) }
        } else {
            template = try DBusMessage.signalTemplate(interface: interface, member: member)
            try template.append(contentsOf: values)
            if Self.mayKeep(values) {
                if templates.count == capacity { templates.removeFirst() }
                templates.append(Template(interface: interface, member: member, values: values, message: template))
            }
        }
        return try template.copy(naming: path, to: destination)
    }

    /// Whether a signal with `values` may be kept: no descriptor, and few bytes of strings.
    private static func mayKeep(_ values: [DBusValue]) -> Bool {
        var bytesLeft = maximumStringBytes
        return values.allSatisfy { fits($0, within: &bytesLeft) }
    }

    private static func fits(_ value: DBusValue, within bytesLeft: inout Int) -> Bool {
        switch value {
        case .unixFD: return false
        case .string(let text), .signature(let text): bytesLeft -= text.utf8.count
        case .objectPath(let path): bytesLeft -= path.rawValue.utf8.count
        case .array(_, let elements), .structure(let elements):
            for element in elements where !fits(element, within: &bytesLeft) { return false }
        case .dictEntry(let key, let entryValue): return fits(key, within: &bytesLeft) && fits(entryValue, within: &bytesLeft)
        case .variant(let inner): return fits(inner, within: &bytesLeft)
        default: break
        }
        return bytesLeft >= 0
    }
}

extension DBusMessage {
    /// A signal without a path, to be copied (`copy(naming:to:)`): flagged as needing no reply,
    /// as `dbus_message_new_signal` flags every signal. The corresponding C function is
    /// `dbus_message_new`.
    fileprivate static func signalTemplate(interface: InterfaceName, member: MemberName) throws(DBusFailure) -> DBusMessage {
        guard let raw = dbus_message_new(CDBUS_MESSAGE_TYPE_SIGNAL) else { throw .noMemory }
        let message = DBusMessage(adopting: raw)
        let named = interface.rawValue.withCString { interface in
            member.rawValue.withCString { member in
                dbus_message_set_interface(raw, interface) != 0 && dbus_message_set_member(raw, member) != 0
            }
        }
        guard named else { throw .noMemory }
        dbus_message_set_no_reply(raw, 1)
        return message
    }

    /// A copy of this template from the object `path`, to `destination` when there is one. The
    /// corresponding C functions are `dbus_message_copy` and `dbus_message_set_path`.
    fileprivate func copy(naming path: ObjectPath, to destination: BusName?) throws(DBusFailure) -> DBusMessage {
        guard let raw = dbus_message_copy(raw) else { throw .noMemory }
        let copy = DBusMessage(adopting: raw)
        guard path.rawValue.withCString({ dbus_message_set_path(raw, $0) }) != 0 else { throw .noMemory }
        if let destination {
            guard destination.rawValue.withCString({ dbus_message_set_destination(raw, $0) }) != 0 else { throw .noMemory }
        }
        return copy
    }
}
