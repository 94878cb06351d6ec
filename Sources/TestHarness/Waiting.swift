/// Polls `condition` every 10 ms until it holds or `seconds` pass (longer under a sanitizer:
/// `SanitizerBuild.patience`); for conditions no event announces.
public func waitUntil(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
    let seconds = SanitizerBuild.patience(seconds)
    let start = monotonicNanoseconds()
    while secondsSince(start) < seconds {
        if try condition() { return }
        pause(seconds: 0.01)
    }
    throw HarnessError("timed out after \(seconds) s waiting for \(what)")
}
