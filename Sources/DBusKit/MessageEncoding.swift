internal import CDBus

extension DBusMessage {
    /// Appends `values` to the body.
    ///
    /// Values are checked before they reach libdbus, which aborts the process on an invalid one.
    /// The corresponding C functions are `dbus_message_iter_append_basic` and `…_open_container`.
    public func append(_ values: DBusValue...) throws(DBusFailure) {
        try append(contentsOf: values)
    }

    /// Appends `values` to the body.
    public func append(contentsOf values: [DBusValue]) throws(DBusFailure) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iterator)
        for value in values {
            try write(value, into: &iterator)
        }
    }
}

private func write(_ value: DBusValue, into iterator: inout DBusMessageIter) throws(DBusFailure) {
    var appended = true
    switch value {
    case .byte(var byte): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_BYTE, &byte) != 0
    case .boolean(let flag):
        var word: dbus_bool_t = flag ? 1 : 0
        appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_BOOLEAN, &word) != 0
    case .int16(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_INT16, &number) != 0
    case .uint16(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UINT16, &number) != 0
    case .int32(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_INT32, &number) != 0
    case .uint32(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UINT32, &number) != 0
    case .int64(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_INT64, &number) != 0
    case .uint64(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UINT64, &number) != 0
    case .double(var number): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_DOUBLE, &number) != 0
    case .string(let text): appended = appendText(text.cStringSafe, type: CDBUS_TYPE_STRING, into: &iterator)
    case .objectPath(let path): appended = appendText(path.rawValue, type: CDBUS_TYPE_OBJECT_PATH, into: &iterator)
    case .signature(let text):
        guard isValidSignature(text) else { throw invalid("invalid signature '\(text)'") }
        appended = appendText(text, type: CDBUS_TYPE_SIGNATURE, into: &iterator)
    case .unixFD(var descriptor): appended = dbus_message_iter_append_basic(&iterator, CDBUS_TYPE_UNIX_FD, &descriptor) != 0
    case .array(let elementSignature, let elements):
        guard isValidSignature("a" + elementSignature), elements.allSatisfy({ $0.signature == elementSignature }) else {
            throw invalid("array elements do not match signature '\(elementSignature)'")
        }
        try writeContainer(CDBUS_TYPE_ARRAY, signature: elementSignature, elements, into: &iterator)
    case .structure(let fields):
        guard !fields.isEmpty else { throw invalid("empty structure") }
        try writeContainer(CDBUS_TYPE_STRUCT, signature: nil, fields, into: &iterator)
    case .dictEntry(let key, let entryValue):
        try writeContainer(CDBUS_TYPE_DICT_ENTRY, signature: nil, [key, entryValue], into: &iterator)
    case .variant(let inner):
        try writeContainer(CDBUS_TYPE_VARIANT, signature: inner.signature, [inner], into: &iterator)
    }
    guard appended else { throw .noMemory }
}

private func writeContainer(
    _ type: Int32, signature: String?, _ contents: [DBusValue], into iterator: inout DBusMessageIter
) throws(DBusFailure) {
    var inner = DBusMessageIter()
    // withCString lends a short signature ("s", "{sv}") from the stack; passing the String
    // itself would copy it to the heap, for every array and variant of every message.
    let opened = signature.map { signature in signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner) } }
        ?? dbus_message_iter_open_container(&iterator, type, nil, &inner)
    guard opened != 0 else { throw .noMemory }
    do {
        for value in contents { try write(value, into: &inner) }
    } catch {
        dbus_message_iter_abandon_container(&iterator, &inner)
        throw error
    }
    guard dbus_message_iter_close_container(&iterator, &inner) != 0 else { throw .noMemory }
}

private func appendText(_ text: String, type: Int32, into iterator: inout DBusMessageIter) -> Bool {
    text.withCString { pointer in
        var cString: UnsafePointer<CChar>? = pointer
        return dbus_message_iter_append_basic(&iterator, type, &cString) != 0
    }
}

private func isValidSignature(_ text: String) -> Bool {
    !text.containsNUL && text.withCString { dbus_signature_validate($0, nil) } != 0
}

private func invalid(_ message: String) -> DBusFailure {
    DBusFailure(name: .invalidArgs, message: message)
}
