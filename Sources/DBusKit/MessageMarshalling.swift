internal import CDBus

extension DBusMessage {
    /// The message `bytes` hold in the wire format, as libdbus reads it from a peer (every
    /// header field and the body checked against their signatures); nil when they hold none.
    /// For the fuzz targets, which feed the readers what a connection would. The corresponding
    /// C function is `dbus_message_demarshal`.
    package static func demarshalled(_ bytes: UnsafeRawBufferPointer) -> DBusMessage? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), let length = Int32(exactly: bytes.count) else {
            return nil
        }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        return dbus_message_demarshal(start, length, &error).map(DBusMessage.init(adopting:))
    }
}
