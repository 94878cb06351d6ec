internal import CDBus
internal import Glibc

extension DBusMessage {
    /// The body as values. Descriptors in it are fresh copies owned by the receiver.
    ///
    /// With `maximumValues`, a body holding more values (counting those inside containers) is
    /// refused as soon as the count is passed, before the rest is read; with
    /// `maximumStringBytes`, so is a body whose strings, object paths and signatures hold more
    /// bytes than that in all, measured in the message before they become Swift strings (a
    /// peer may send a string of many megabytes, and Unicode work on it would stall the
    /// receiver). Descriptors read before
    /// a failure are closed. The corresponding C functions are `dbus_message_iter_init` and
    /// `dbus_message_iter_get_basic`.
    public func arguments(maximumValues: Int = .max, maximumStringBytes: Int = .max) throws(DBusFailure) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0 else { return [] }
        var reader = BodyReader(budget: maximumValues, stringBytesLeft: maximumStringBytes, maximumStringBytes: maximumStringBytes)
        do {
            return try reader.readAll(&iterator)
        } catch {
            for descriptor in reader.descriptors { close(descriptor) }
            throw error
        }
    }
}

extension DBusMessage {
    /// The text of an error reply, its first string argument; nothing after it is read (a peer
    /// may follow its text with millions of values).
    public var errorMessage: String? { errorMessage(maximumBytes: .max) }

    /// The text of an error reply cut at `maximumBytes` (then ending in "…"), for an answer
    /// from a peer that is not trusted to keep its errors short (it may send many megabytes).
    public func errorMessage(maximumBytes: Int) -> String? {
        guard kind == .error else { return nil }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == CDBUS_TYPE_STRING else {
            return nil
        }
        var basic = DBusBasicValue()
        dbus_message_iter_get_basic(&iterator, &basic)
        guard let text = basic.str else { return nil }
        let limit = max(0, maximumBytes)
        let length = limit == .max ? strlen(text) : strnlen(text, limit + 1)
        let bytes = UnsafeRawBufferPointer(start: text, count: min(length, limit))
        // A cut inside a character leaves a replacement character, as any invalid UTF-8 would.
        return String(decoding: bytes, as: UTF8.self) + (length > limit ? "…" : "")
    }
}

/// Reads a message body into values, counting them against a budget.
private struct BodyReader {
    var budget: Int
    var stringBytesLeft: Int
    let maximumStringBytes: Int
    /// Every descriptor read so far, to close if the read fails half-way.
    var descriptors: [Int32] = []

    /// Reads every value from `iterator` to its end.
    mutating func readAll(_ iterator: inout DBusMessageIter) throws(DBusFailure) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != CDBUS_TYPE_INVALID {
            values.append(try readOne(&iterator))
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    /// Reads the value under `iterator` without advancing it.
    private mutating func readOne(_ iterator: inout DBusMessageIter) throws(DBusFailure) -> DBusValue {
        budget -= 1
        guard budget >= 0 else { throw invalid("the message holds more values than this method accepts") }
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case CDBUS_TYPE_ARRAY, CDBUS_TYPE_STRUCT, CDBUS_TYPE_DICT_ENTRY, CDBUS_TYPE_VARIANT:
            return try readContainer(&iterator, type: type)
        default:
            var basic = DBusBasicValue()
            dbus_message_iter_get_basic(&iterator, &basic)
            if type == CDBUS_TYPE_STRING || type == CDBUS_TYPE_OBJECT_PATH || type == CDBUS_TYPE_SIGNATURE, let text = basic.str {
                stringBytesLeft -= strlen(text)
                guard stringBytesLeft >= 0 else {
                    throw invalid("its strings hold more than \(maximumStringBytes) bytes in all, more than this method accepts")
                }
            }
            switch type {
            case CDBUS_TYPE_BYTE: return .byte(basic.byt)
            case CDBUS_TYPE_BOOLEAN: return .boolean(basic.bool_val != 0)
            case CDBUS_TYPE_INT16: return .int16(basic.i16)
            case CDBUS_TYPE_UINT16: return .uint16(basic.u16)
            case CDBUS_TYPE_INT32: return .int32(basic.i32)
            case CDBUS_TYPE_UINT32: return .uint32(basic.u32)
            case CDBUS_TYPE_INT64: return .int64(Int64(basic.i64))
            case CDBUS_TYPE_UINT64: return .uint64(UInt64(basic.u64))
            case CDBUS_TYPE_DOUBLE: return .double(basic.dbl)
            case CDBUS_TYPE_STRING: return .string(basic.str.map { String(cString: $0) } ?? "")
            case CDBUS_TYPE_SIGNATURE: return .signature(basic.str.map { String(cString: $0) } ?? "")
            case CDBUS_TYPE_OBJECT_PATH:
                // libdbus validated the path when it read the message.
                guard let text = basic.str.map({ String(cString: $0) }), let path = ObjectPath(text) else {
                    throw invalid("invalid object path")
                }
                return .objectPath(path)
            case CDBUS_TYPE_UNIX_FD:
                descriptors.append(basic.fd)
                return .unixFD(basic.fd)
            default:
                throw invalid("unsupported type code \(type)")
            }
        }
    }

    /// Reads an array, structure, dictionary entry or variant under `iterator`.
    private mutating func readContainer(_ iterator: inout DBusMessageIter, type: Int32) throws(DBusFailure) -> DBusValue {
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inner)
        switch type {
        case CDBUS_TYPE_VARIANT:
            return .variant(try readOne(&inner))
        case CDBUS_TYPE_STRUCT:
            return .structure(try readAll(&inner))
        case CDBUS_TYPE_DICT_ENTRY:
            let fields = try readAll(&inner)
            guard fields.count == 2 else { throw invalid("malformed dictionary entry") }
            return .dictEntry(key: fields[0], value: fields[1])
        default:
            let signature = dbus_message_iter_get_signature(&iterator)
            defer { dbus_free(signature) }
            // The iterator's signature is the whole array's ("a{sv}"); the element's follows the 'a'.
            let elementSignature = signature.map { String(String(cString: $0).dropFirst()) } ?? ""
            return .array(elementSignature: elementSignature, elements: try readAll(&inner))
        }
    }

    private func invalid(_ message: String) -> DBusFailure {
        DBusFailure(name: .invalidArgs, message: message)
    }
}
