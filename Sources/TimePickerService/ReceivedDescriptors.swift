internal import DBusKit
internal import Glibc

/// Closes the descriptors a call's arguments carry: libdbus hands over fresh copies, which are
/// the receiver's to close, and no method of the service keeps one (a caller's terminal is
/// opened anew, `CallerTerminals`).
func closeDescriptors(in arguments: [DBusValue]) {
    for descriptor in arguments.flatMap(\.unixFDs) { _ = Glibc.close(descriptor) }
}
