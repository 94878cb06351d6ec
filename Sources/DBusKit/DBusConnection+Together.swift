internal import CDBus
internal import Glibc
internal import SystemKit

/// Sending several messages in one write: how a session's end reaches the bus.
///
/// libdbus writes each message with a system call of its own, and on a busy machine the bus
/// wakes for each, on the CPU the sender runs on: a session's `Response`, its `Cancelled` and
/// the reply to `Cancel()` woke it three times (strace: three sendmsg; schedstat: the daemon put
/// off its CPU about once per message), where one write of all three wakes it once and it
/// reads them together. So messages that expect no answer (signals, replies, errors) are
/// written here, in order, with one `send(2)`, when nothing of libdbus's own is waiting to be
/// written (its queue is empty, so they follow whole messages in the stream), none carries a
/// descriptor, the bus is reached through a Unix socket and the batch is small: a write of up to
/// `maximumBatchBytes` to a Unix stream socket goes into one buffer of the kernel's, whole or
/// not at all. Otherwise, and when the socket takes nothing now, libdbus sends them one by one,
/// as `send` does.
///
/// A message needs a serial, and libdbus hands out serials only as it sends. These take theirs
/// from the upper half of the range (`nextBatchSerial`), which libdbus, counting from 1, would
/// reach after 2^31 messages of its own; a serial tells a sender which reply answers its call,
/// and none of these messages is a call, so none is ever answered.
extension DBusConnection {
    /// The most bytes a batch written at once may hold: well within one buffer of the kernel's.
    static let maximumBatchBytes = 2048

    /// Sends `messages` in this order, in one write when it can (see above), else one by one as
    /// `send` does; false when one could not be queued (no memory).
    @discardableResult
    public func send(together messages: [DBusMessage]) -> Bool {
        defer { batchBytes.removeAll(keepingCapacity: true) }
        if messages.count > 1, marshal(messages), writeWhole(batchBytes) { return true }
        return messages.reduce(true) { sent, message in send(message) && sent }
    }

    /// Puts the bytes of `messages`, each given a serial, in `batchBytes` when they may be
    /// written at once; false when one of them is a call, was sent before or carries a
    /// descriptor, when libdbus has something waiting to be written, when the socket is not a
    /// Unix one, or when there are more bytes than `maximumBatchBytes`.
    private func marshal(_ messages: [DBusMessage]) -> Bool {
        guard dbus_connection_has_messages_to_send(raw) == 0, dbus_connection_get_is_connected(raw) != 0, isUnixSocket,
              messages.allSatisfy({ $0.kind != .methodCall && $0.serial == 0 && dbus_message_contains_unix_fds($0.raw) == 0 })
        else { return false }
        batchBytes.reserveCapacity(Self.maximumBatchBytes)
        for message in messages {
            dbus_message_set_serial(message.raw, takeBatchSerial())
            var data: UnsafeMutablePointer<CChar>?
            var length: Int32 = 0
            guard dbus_message_marshal(message.raw, &data, &length) != 0, let data else { return false }
            defer { dbus_free(data) }
            batchBytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(length)))
            // As libdbus does with a message it sends: nothing about it may change any more.
            dbus_message_lock(message.raw)
            guard batchBytes.count <= Self.maximumBatchBytes else { return false }
        }
        return true
    }

    /// Writes `bytes` to the bus's socket in one `send(2)`; false when none of them went (the
    /// socket is full, or the connection broke: libdbus finds out when it sends them).
    private func writeWhole(_ bytes: [UInt8]) -> Bool {
        var descriptor: Int32 = -1
        guard dbus_connection_get_socket(raw, &descriptor) != 0 else { return false }
        let written = bytes.withUnsafeBytes { buffer in
            retryingAfterInterrupts { Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        guard written > 0 else { return false }
        // Part of a batch, which a Unix socket never takes of so few bytes: the stream cannot go
        // on mid-message, and the loop must not wait for the socket, so the connection goes.
        if written < bytes.count { dbus_connection_close(raw) }
        return true
    }

    /// Whether the bus is reached through a Unix socket, asked once (`getsockname`).
    private var isUnixSocket: Bool {
        if let known = socketIsUnix { return known }
        var descriptor: Int32 = -1
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let isUnix = dbus_connection_get_socket(raw, &descriptor) != 0
            && withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            } == 0
            && Int32(address.ss_family) == AF_UNIX
        socketIsUnix = isUnix
        return isUnix
    }

    /// The next serial of the upper half: 2^31 and on, wrapping within it.
    private func takeBatchSerial() -> UInt32 {
        let serial = nextBatchSerial
        nextBatchSerial = serial == .max ? 1 << 31 : serial + 1
        return serial
    }
}
