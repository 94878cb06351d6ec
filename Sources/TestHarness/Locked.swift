import Foundation

/// A value behind a lock, for state the harness's threads share.
///
/// `Synchronization.Mutex` would do, but on Linux it hands a contended lock to the waiting
/// thread inside the kernel (FUTEX_LOCK_PI), where ThreadSanitizer cannot see it: under
/// `make sanitize` every such handover looked like a race on what the lock protects. NSLock is
/// a pthread mutex, whose every handover ThreadSanitizer sees.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
