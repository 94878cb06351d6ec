import DBusKit
import TestHarness
import TimePickerContract

/// What one caller did against the limits: sessions opened, refusals, and anything else.
private struct LimitTally: Sendable {
    var accepted = 0
    var limitsExceeded = 0
    var timeouts = 0
    var otherErrors: [String] = []
    var cancelled = 0
    var cancelFailures = 0
}

/// Opens sessions on `caller` until the first refusal (at most `attempts`), then cancels them.
private func fillOneCaller(_ caller: ServiceCaller, attempts: Int) -> (tally: LimitTally, firstRefusal: String?) {
    var tally = LimitTally()
    var handles: [ObjectPath] = []
    var refusal: String?
    for _ in 0..<attempts {
        do {
            handles.append(try caller.showTimePicker())
            tally.accepted += 1
        } catch {
            refusal = error.name.rawValue
            if error.name == TimePickerBus.Error.limitsExceeded { tally.limitsExceeded += 1 }
            else if error.name == .noReply { tally.timeouts += 1 }
            else { tally.otherErrors.append(error.name.rawValue) }
            break
        }
    }
    cancelAll(handles, on: caller, into: &tally)
    return (tally, refusal)
}

private func cancelAll(_ handles: [ObjectPath], on caller: ServiceCaller, into tally: inout LimitTally) {
    for handle in handles {
        do {
            try caller.cancel(handle)
            tally.cancelled += 1
        } catch {
            tally.cancelFailures += 1
        }
    }
}

/// The per-caller limit (one caller opening sessions without cancelling) and the limit in all
/// (`callers` callers × 16 at once); every call must be answered, refusals with LimitsExceeded.
/// Returns the rows and the sessions made.
func measureLimits(address: String, callers: Int) throws -> (rows: [ResultRow], sessions: Int) {
    let single = try ServiceCaller(address: address)
    let (one, refusal) = fillOneCaller(single, attempts: 40)
    let shortName = { (name: String?) in name.map { String($0.split(separator: ".").last ?? "") } ?? "none" }
    let perCallerMet = one.accepted == 16 && refusal == TimePickerBus.Error.limitsExceeded.rawValue && one.cancelFailures == 0
    var rows = [ResultRow(
        "Limit per caller: one caller opens sessions without cancelling",
        "\(one.accepted) accepted, then \(shortName(refusal)); \(one.cancelled) cancelled after",
        goal: "16, then LimitsExceeded", .init(perCallerMet))]

    // Every caller opens its 16 at once; all hold theirs until all are done, then cancel.
    let opened = Barrier(parties: callers)
    let tallies = onThreads(callers) { _ -> LimitTally in
        var tally = LimitTally()
        let caller: ServiceCaller
        do {
            caller = try ServiceCaller(address: address)
        } catch {
            tally.otherErrors.append("connect: \(error)")
            opened.arriveAndWait()
            opened.arriveAndWait()
            return tally
        }
        opened.arriveAndWait()
        var handles: [ObjectPath] = []
        for _ in 0..<16 {
            do throws(DBusFailure) {
                handles.append(try caller.showTimePicker())
                tally.accepted += 1
            } catch where error.name == TimePickerBus.Error.limitsExceeded {
                tally.limitsExceeded += 1
            } catch where error.name == .noReply {
                tally.timeouts += 1
            } catch {
                tally.otherErrors.append(error.name.rawValue)
            }
        }
        opened.arriveAndWait()
        cancelAll(handles, on: caller, into: &tally)
        return tally
    }
    let accepted = tallies.reduce(0) { $0 + $1.accepted }
    let refused = tallies.reduce(0) { $0 + $1.limitsExceeded }
    let timeouts = tallies.reduce(0) { $0 + $1.timeouts }
    let others = tallies.flatMap { $0.otherErrors }
    let cancelled = tallies.reduce(0) { $0 + $1.cancelled }
    let cancelFailures = tallies.reduce(0) { $0 + $1.cancelFailures }
    // Afterwards the cap is free again: a new session opens and the daemon answers Ping.
    var afterwards = "then a new session opens"
    var afterwardsMet = true
    do {
        try single.sessionLife()
        try single.ping()
    } catch {
        afterwards = "then \(error.name)"
        afterwardsMet = false
    }
    var value = "\(accepted) accepted, \(refused) LimitsExceeded, \(timeouts) timeouts, \(others.count) other errors; \(cancelled) cancelled (\(cancelFailures) failed); \(afterwards)"
    if !others.isEmpty { value += " (\(Set(others).sorted().joined(separator: ", ")))" }
    let capMet = accepted == 256 && refused == callers * 16 - 256 && timeouts == 0 && others.isEmpty && cancelFailures == 0 && afterwardsMet
    rows.append(ResultRow(
        "Limit in all: \(callers) callers × 16 sessions at once", value,
        goal: "256 accepted, \(callers * 16 - 256) LimitsExceeded, all answered", .init(capMet)))
    return (rows, one.accepted + accepted + (afterwardsMet ? 1 : 0))
}
