import Glibc
internal import SystemKit

/// Nanoseconds on the monotonic clock.
public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Seconds elapsed since `start` (from `monotonicNanoseconds`).
public func secondsSince(_ start: UInt64) -> Double {
    Double(monotonicNanoseconds() - start) / 1e9
}

/// Sleeps for `seconds`, resuming after interruptions.
public func pause(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    // nanosleep leaves what remains of an interrupted sleep in its second argument: the next
    // request.
    withUnsafeMutablePointer(to: &request) { request in
        _ = retryingAfterInterrupts { nanosleep(request, request) }
    }
}
