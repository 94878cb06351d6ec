import DBusKit
import TestHarness

/// What one caller thread did.
private struct CallerTally: Sendable {
    var sessions = 0
    var timeouts = 0
    var errors: [String] = []
    var seconds = 0.0
}

/// Sessions created and cancelled per second by `callers` threads, each on its own connection
/// doing ShowTimePicker + Cancel() in a loop for `seconds`. Returns the row and the sessions made.
func measureThroughput(address: String, callers: Int, seconds: Double) -> (rows: [ResultRow], sessions: Int) {
    let start = Barrier(parties: callers)
    let tallies = onThreads(callers) { _ -> CallerTally in
        var tally = CallerTally()
        let caller: ServiceCaller
        do {
            caller = try ServiceCaller(address: address)
        } catch {
            tally.errors.append("connect: \(error)")
            start.arriveAndWait()
            return tally
        }
        start.arriveAndWait()
        let began = monotonicNanoseconds()
        while secondsSince(began) < seconds {
            do throws(DBusFailure) {
                try caller.sessionLife()
                tally.sessions += 1
            } catch where error.name == .noReply {
                tally.timeouts += 1
            } catch {
                tally.errors.append(error.name.rawValue)
            }
        }
        tally.seconds = secondsSince(began)
        return tally
    }
    let sessions = tallies.reduce(0) { $0 + $1.sessions }
    let timeouts = tallies.reduce(0) { $0 + $1.timeouts }
    let errors = tallies.flatMap { $0.errors }
    let elapsed = tallies.map { $0.seconds }.max() ?? seconds
    let perSecond = Double(sessions) / max(elapsed, 0.001)
    let perCaller = tallies.map { "\($0.sessions)" }.joined(separator: "/")
    var value = "\(grouped(Int(perSecond.rounded()))) sessions/s (\(grouped(sessions)) in \(format(elapsed, 2)) s; per caller \(perCaller)); \(timeouts) timeouts, \(errors.count) errors"
    if !errors.isEmpty { value += " (\(Set(errors).sorted().joined(separator: ", ")))" }
    return ([ResultRow(
        "Throughput: \(callers) callers, each ShowTimePicker + Cancel() in a loop for \(format(seconds, 0)) s", value,
        goal: "every call answered", .init(timeouts == 0 && errors.isEmpty))], sessions)
}
