/// Polls `condition` every 10 ms until it holds or `seconds` pass; for conditions no event announces.
public func waitUntil(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
    let start = monotonicNanoseconds()
    while secondsSince(start) < seconds {
        if try condition() { return }
        pause(seconds: 0.01)
    }
    throw HarnessError("timed out after \(seconds) s waiting for \(what)")
}
