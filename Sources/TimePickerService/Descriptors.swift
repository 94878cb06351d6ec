internal import Glibc

/// Closes a descriptor the service received and does not keep.
func closeDescriptor(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
}
