import Glibc

/// A failed system call, with the errno it left.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    /// Captures the current `errno` for `call`; create it right after the call that failed.
    public init(_ call: String) {
        self.call = call
        self.errno = Glibc.errno
    }

    /// A failure of `call` with a known `errno` (for calls that return it, like pthread_create).
    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String {
        "\(call): \(String(cString: strerror(errno)))"
    }
}
