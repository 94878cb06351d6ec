internal import Glibc
internal import SystemKit

/// Keeps the daemon from running out of file descriptors because of callers' terminals.
///
/// Running out is worse than refusing: a message whose descriptors do not fit is truncated by
/// the kernel, libdbus then drops the connection, and every session ends with it. So terminals
/// are refused while fewer than `reserve` descriptors would be left, enough for the largest
/// message the bus lets through.
public enum DescriptorBudget {
    /// Descriptors kept free: dbus-daemon passes at most 16 with one message (its default
    /// `max_message_unix_fds`), and a few more come and go (a pending terminal's copy, a reopen).
    static let reserve = 32

    /// Raises the soft limit on open descriptors to the hard limit, as systemd recommends for
    /// services (the daemon uses poll, not select, so large numbers are fine).
    public static func raiseSoftLimit() {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(RLIMIT_NOFILE_VALUE, &limit)
    }

    /// Why one more descriptor may not be kept now, or nil when there is room for it.
    static func shortage() -> String? {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return nil }
        let open = openDescriptorCount()
        guard UInt64(open + 1 + reserve) > UInt64(limit.rlim_cur) else { return nil }
        return "the daemon has \(open) of its \(limit.rlim_cur) file descriptors open and keeps \(reserve) free for the bus"
    }

    /// How many descriptors this process has open, from /proc/self/fd (the directory's own
    /// descriptor, open while it is read, included: it is one more in use at that moment).
    static func openDescriptorCount() -> Int {
        var count = 0
        forEachDirectoryEntry(atPath: "/proc/self/fd") { _ in count += 1 }
        return count
    }

    /// RLIMIT_NOFILE as getrlimit wants it (an enum in glibc's headers, imported as a struct).
    private static var RLIMIT_NOFILE_VALUE: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
