import DBusKit
import TestHarness

/// Medians of the two round trips, sampled interleaved so that both see the same machine.
struct LatencyResult {
    let pingMicroseconds: [Double]
    let sessionMicroseconds: [Double]
    let failures: [String]
}

/// Alternates a Peer.Ping with a whole session's life (ShowTimePicker `{}` then Cancel() on
/// the handle: the session is shown on the terminal and cancelled at once), `samples` of each
/// after `warmUp` unmeasured pairs. Returns the rows and the number of sessions it made.
func measureLatency(client: ServiceClient, samples: Int, warmUp: Int) -> (rows: [ResultRow], sessions: Int) {
    var pings: [Double] = []
    var lives: [Double] = []
    var failures: [String] = []
    pings.reserveCapacity(samples)
    lives.reserveCapacity(samples)
    for index in 0..<(warmUp + samples) {
        let measured = index >= warmUp
        // Alternate which goes first, so neither always follows the other.
        for sessionFirst in index % 2 == 0 ? [false, true] : [true, false] {
            let start = monotonicNanoseconds()
            do throws(DBusFailure) {
                if sessionFirst { try client.sessionLife() } else { try client.ping() }
            } catch {
                failures.append(error.name.rawValue)
                continue
            }
            let microseconds = Double(monotonicNanoseconds() - start) / 1e3
            if measured {
                if sessionFirst { lives.append(microseconds) } else { pings.append(microseconds) }
            }
        }
    }
    let ping = median(pings)
    let life = median(lives)
    let ratio = ping > 0 ? life / (2 * ping) : .infinity
    let failureNote = failures.isEmpty ? "" : "; \(failures.count) calls failed (\(Set(failures).sorted().joined(separator: ", ")))"
    let rows = [
        ResultRow(
            "Peer.Ping round trip (median of \(grouped(pings.count)))",
            "\(format(ping, 1)) µs (p10 \(format(percentile(pings, 0.1), 1)), p90 \(format(percentile(pings, 0.9), 1)))"),
        ResultRow(
            "Session's life: ShowTimePicker `{}` + Cancel(), shown on the terminal (median of \(grouped(lives.count)), interleaved)",
            "\(format(life, 1)) µs (p10 \(format(percentile(lives, 0.1), 1)), p90 \(format(percentile(lives, 0.9), 1)))\(failureNote)"),
        ResultRow("Session ÷ (2 × Ping)", format(ratio, 2), goal: "≤ 1.2", .init(failures.isEmpty && ratio <= 1.2)),
    ]
    return (rows, warmUp + samples)
}
