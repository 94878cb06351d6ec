internal import Glibc

/// Runs a system call again for as long as a signal interrupts it (it fails with EINTR), and
/// returns what it returned the first time it was not interrupted. Every retry loop of the
/// project's goes through here, so none forgets to check `errno` or checks it twice.
public func retryingAfterInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1, errno == EINTR { continue }
        return result
    }
}
