public import SystemKit

/// Values made once per key and kept, the most recent `capacity` of them, the oldest made going
/// first: a language's words, a locale's object, a measured line. A daemon speaks a few
/// languages and shows a few lengths, not every locale or length a caller may name, so what is
/// kept stays small whatever callers send. Safe from any thread, so a static table may hold one.
///
/// Inlinable, so that each user's module specializes it for its keys and values: a generic call
/// across modules would look the types' metadata up on every lookup (a session made several).
public final class RecentValues<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let kept: Locked<[(key: Key, value: Value)]>
    @usableFromInline let capacity: Int

    /// Keeps at most `capacity` values.
    public init(capacity: Int = 16) {
        kept = Locked([])
        self.capacity = capacity
    }

    /// The value kept for `key`, else the one `make` gives, kept for next time; nil (and nothing
    /// kept) when `make` gives none, so that what is missing now is asked for again later.
    @inlinable
    public func value(for key: Key, orMake make: () -> Value?) -> Value? {
        if let value = kept.withLock({ $0.first { $0.key == key }?.value }) { return value }
        // Made outside the lock: making may take long (gettext, newlocale), and two threads
        // making the same value at once only do the work twice.
        guard let made = make() else { return nil }
        kept.withLock { kept in
            if kept.count == capacity { kept.removeFirst() }
            kept.append((key, made))
        }
        return made
    }

    /// The value kept for `key`, else the one `make` gives, kept for next time.
    @inlinable
    public func value(for key: Key, orMake make: () -> Value) -> Value {
        if let value = kept.withLock({ $0.first { $0.key == key }?.value }) { return value }
        let made = make()
        kept.withLock { kept in
            if kept.count == capacity { kept.removeFirst() }
            kept.append((key, made))
        }
        return made
    }
}
