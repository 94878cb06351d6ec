internal import Glibc

/// A value behind a lock that ThreadSanitizer sees, for state several threads share.
///
/// `Synchronization.Mutex` would do, but on Linux it hands a contended lock to the waiting
/// thread inside the kernel (FUTEX_LOCK_PI), where ThreadSanitizer cannot see it: under
/// `make sanitize` every such handover looked like a race on what the lock protects (CI failed
/// on one in SystemLocales). A pthread mutex's every handover is seen, and costs the same
/// uncontended (one atomic each way).
///
/// `withLock` is inlinable, so that a caller's module specializes it for its closure and value,
/// as it would Mutex's.
public final class Locked<Value>: @unchecked Sendable {
    // Unchecked: `value` is only touched with `mutex` held; the mutex lives at a fixed address
    // of its own, as POSIX asks (a stored pthread_mutex_t could move with the object's layout).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// `value`, behind a new lock.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        acquire()
        defer { release() }
        return try body(&value)
    }

    /// Takes the lock (a call, so that Glibc stays this module's own).
    @usableFromInline func acquire() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    @usableFromInline func release() { pthread_mutex_unlock(mutex) }
}
