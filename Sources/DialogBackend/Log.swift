internal import Glibc

/// Lines for stderr, one per event: warnings always, debug lines with `--verbose`.
public struct Log: Sendable {
    public let verbose: Bool

    public init(verbose: Bool) { self.verbose = verbose }

    /// Written only with `--verbose`; the text is not built otherwise.
    public func debug(_ line: @autoclosure () -> String) {
        if verbose { write("timepickerd-gtk: " + line()) }
    }

    public func warning(_ line: String) {
        write("timepickerd-gtk: warning: " + line)
    }

    private func write(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
