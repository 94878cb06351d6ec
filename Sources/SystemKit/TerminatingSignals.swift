internal import CLinux
internal import Glibc

/// The signals whose default action ends a process, except those a fault raises (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS), SIGPIPE (which a service ignores, so a
/// peer that went away is a failed write) and SIGKILL, which nothing can catch.
///
/// A service that takes all of them through a `SignalSource` ends the same orderly way whatever
/// it is sent: `kill -USR1` or a stray real-time signal must not leave a terminal raw, and
/// SIGQUIT must not run a crash reporter that writes into a picker on screen.
public enum TerminatingSignals {
    /// Every such signal, with its name for the log.
    public static var all: [(signal: Int32, name: String)] {
        var signals: [(Int32, String)] = [
            (SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT"),
            (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGVTALRM, "SIGVTALRM"),
            (SIGPROF, "SIGPROF"), (SIGIO, "SIGIO"), (SIGPWR, "SIGPWR"), (SIGSTKFLT, "SIGSTKFLT"),
            (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
        ]
        // The C library keeps the first few real-time signals for itself; the rest are anyone's.
        let first = clinux_sigrtmin()
        let last = clinux_sigrtmax()
        if first <= last {
            for number in first...last { signals.append((number, "SIGRTMIN+\(number - first)")) }
        }
        return signals
    }

    /// The name of `signal` when it is one of `all`, else its number.
    public static func name(of signal: Int32) -> String {
        all.first { $0.signal == signal }?.name ?? "signal \(signal)"
    }
}
