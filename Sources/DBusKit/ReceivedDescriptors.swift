internal import Glibc

extension Array where Element == DBusValue {
    /// Closes the descriptors these values hold, when they were read from a message: libdbus
    /// hands the receiver fresh copies, which are the receiver's to close once it is done with
    /// them (see `DBusValue.unixFD`). Values made to be sent only borrow theirs: never call this
    /// on them.
    public func closeReceivedDescriptors() {
        for descriptor in flatMap(\.unixFDs) where descriptor >= 0 { _ = Glibc.close(descriptor) }
    }
}
