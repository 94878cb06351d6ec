import Glibc

/// Opens the file behind `descriptor` anew, non-blocking, for this process alone; nil when it
/// cannot be reopened (a socket, or no /proc).
///
/// O_NONBLOCK belongs to an open file, which a descriptor shares with every copy of it: set on
/// an inherited terminal or pipe it would also change the shell's. A new open of the same
/// device or pipe gives the daemon a file of its own to make non-blocking, so a terminal that
/// stopped reading (Ctrl-S, a stalled ssh link) cannot stall the event loop.
public func reopenNonBlocking(_ descriptor: Int32) -> Int32? {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0 else { return nil }
    // O_APPEND belongs to the open file too: a log opened for appending (`2>>log`) must stay so,
    // or this file would write from its start, over what is there.
    let kept = flags & (O_ACCMODE | O_APPEND)
    let reopened = open("/proc/self/fd/\(descriptor)", kept | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    return reopened >= 0 ? reopened : nil
}
