import DBusKit
import TestHarness

/// The round trips of one service: Peer.Pings and sessions' lives, in microseconds.
struct LatencySamples {
    var pings: [Double] = []
    var lives: [Double] = []
    var failures: [String] = []

    var ping: Double { median(pings) }
    var life: Double { median(lives) }
    /// Session ÷ (2 × Ping).
    var ratio: Double { ping > 0 ? life / (2 * ping) : .infinity }

    var failureNote: String {
        failures.isEmpty ? "" : "; \(failures.count) calls failed (\(Set(failures).sorted().joined(separator: ", ")))"
    }
}

/// Alternates a Peer.Ping with a whole session's life (ShowTimePicker `{}` then Cancel() on
/// the handle: the session is shown on the terminal and cancelled at once), `samples` of each
/// after `warmUp` unmeasured pairs, on every caller's service in turn, so that every service
/// sees the same machine: which service goes first alternates, and so does whether the Ping or
/// the session goes first. Returns each service's samples, in the callers' order.
func sampleLatency(_ callers: [ServiceCaller], samples: Int, warmUp: Int) -> [LatencySamples] {
    var results = Array(repeating: LatencySamples(), count: callers.count)
    for index in results.indices {
        results[index].pings.reserveCapacity(samples)
        results[index].lives.reserveCapacity(samples)
    }
    for index in 0..<(warmUp + samples) {
        let measured = index >= warmUp
        let order = index / 2 % 2 == 0 ? Array(callers.indices) : callers.indices.reversed()
        for service in order {
            // Alternate which goes first, so neither always follows the other.
            for sessionFirst in index % 2 == 0 ? [false, true] : [true, false] {
                let start = monotonicNanoseconds()
                do throws(DBusFailure) {
                    if sessionFirst { try callers[service].sessionLife() } else { try callers[service].ping() }
                } catch {
                    results[service].failures.append(error.name.rawValue)
                    continue
                }
                let microseconds = Double(monotonicNanoseconds() - start) / 1e3
                if measured {
                    if sessionFirst { results[service].lives.append(microseconds) } else { results[service].pings.append(microseconds) }
                }
            }
        }
    }
    return results
}

/// The rows of one service's round trips: its Ping, its session's life, and their ratio.
func latencyRows(_ samples: LatencySamples, of who: String) -> [ResultRow] {
    let times = { (values: [Double]) in
        "\(format(median(values), 1)) µs (p10 \(format(percentile(values, 0.1), 1)), p90 \(format(percentile(values, 0.9), 1)))"
    }
    return [
        ResultRow("\(who): Peer.Ping round trip (median of \(grouped(samples.pings.count)))", times(samples.pings)),
        ResultRow(
            "\(who): session's life, ShowTimePicker `{}` + Cancel(), shown on the terminal (median of \(grouped(samples.lives.count)))",
            times(samples.lives) + samples.failureNote),
        ResultRow("\(who): Session ÷ (2 × Ping)", format(samples.ratio, 2)),
    ]
}

/// The goal of issue 25: our Session ÷ (2 × Ping) against the reference's, measured in the same run.
func comparisonRow(ours: LatencySamples, reference: LatencySamples?) -> ResultRow {
    let what = "timepickerd's Session ÷ (2 × Ping) ÷ the reference's"
    guard let reference else {
        return ResultRow(what, "no reference was run (timepickerbench --reference scripts/reference-service.py)", goal: "≤ 0.60", .missed)
    }
    let ratio = ours.ratio / reference.ratio
    let clean = ours.failures.isEmpty && reference.failures.isEmpty
    // The same quotient in each fifth of the run (the samples are in the order they were
    // taken): how far the machine moved it while both were measured.
    let stretches = (0..<5).map { fifth in ours.stretch(fifth, of: 5).ratio / reference.stretch(fifth, of: 5).ratio }.sorted()
    return ResultRow(
        what,
        "\(format(ratio, 2)) (\(format(ours.ratio, 2)) ÷ \(format(reference.ratio, 2)); in each fifth of the run "
            + "\(format(stretches.first ?? 0, 2))–\(format(stretches.last ?? 0, 2)))",
        goal: "≤ 0.60", .init(clean && ratio <= 0.60))
}

/// The floor's rows: its round trips, and the quotient no service of the contract goes below on
/// this machine (the floor's ratio ÷ the reference's), beside ours ÷ the floor's, all from this run.
func floorRows(_ floor: LatencySamples?, ours: LatencySamples, reference: LatencySamples?) -> [ResultRow] {
    guard let floor else { return [] }
    var rows = latencyRows(floor, of: "Floor (scripts/floor-service.c: answers and the two signals, nothing else)")
    if let reference {
        rows.append(ResultRow(
            "The floor's Session ÷ (2 × Ping) ÷ the reference's: the lowest quotient a service of this contract reaches here",
            "\(format(floor.ratio / reference.ratio, 2)) (\(format(floor.ratio, 2)) ÷ \(format(reference.ratio, 2)))"))
    }
    rows.append(ResultRow("timepickerd's Session ÷ (2 × Ping) ÷ the floor's", "\(format(ours.ratio / floor.ratio, 2))"))
    return rows
}

extension LatencySamples {
    /// The samples of the `part`th of `parts` stretches of the run.
    func stretch(_ part: Int, of parts: Int) -> LatencySamples {
        func slice(_ values: [Double]) -> [Double] {
            Array(values[values.count * part / parts..<values.count * (part + 1) / parts])
        }
        return LatencySamples(pings: slice(pings), lives: slice(lives))
    }
}
