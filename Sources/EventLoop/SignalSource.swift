import CLinux
public import SystemKit
import Glibc

/// Delivers Unix signals to the event loop through a signalfd, so handlers run as ordinary loop
/// work instead of in async-signal context.
public final class SignalSource {
    private let descriptor: Int32
    private var watch: DescriptorWatch?

    /// Blocks `signals` for the process and calls `handler` on `loop` for each one that arrives.
    ///
    /// Call it before any thread is started: threads inherit the blocked mask, and a thread
    /// without it would take the signal the default way. The corresponding C function is `signalfd`.
    public init(signals: [Int32], loop: EventLoop, handler: @escaping (Int32) -> Void) throws(SystemError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        guard pthread_sigmask(SIG_BLOCK, &mask, nil) == 0 else { throw SystemError("pthread_sigmask") }
        let descriptor = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("signalfd") }
        self.descriptor = descriptor
        watch = loop.watch(descriptor, for: .readable) { [descriptor] _ in
            var info = signalfd_siginfo()
            while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                handler(Int32(info.ssi_signo))
            }
        }
    }

    deinit {
        watch?.cancel()
        close(descriptor)
    }
}
