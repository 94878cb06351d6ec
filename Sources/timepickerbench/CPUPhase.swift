import TestHarness

/// Where a round trip's time goes: CPU time per call in the service (`who`), in its dbus-daemon
/// and in the bench's calling thread, over `count` Pings and then `count` sessions' lives (not
/// interleaved, so each batch's CPU belongs to it). Returns the rows and the sessions it made.
func measureCPU(_ who: String, caller: ServiceCaller, service: Int32, bus: Int32, count: Int) -> (rows: [ResultRow], sessions: Int) {
    func perCall(_ body: () throws -> Void) -> (service: Double, bus: Double, caller: Double, wall: Double) {
        let before = (cpuNanoseconds(pid: service), cpuNanoseconds(pid: bus), cpuNanosecondsOfThisThread(), monotonicNanoseconds())
        for _ in 0..<count { try? body() }
        let after = (cpuNanoseconds(pid: service), cpuNanoseconds(pid: bus), cpuNanosecondsOfThisThread(), monotonicNanoseconds())
        let calls = Double(max(count, 1)) * 1000
        return (Double(after.0 - before.0) / calls, Double(after.1 - before.1) / calls,
                Double(after.2 - before.2) / calls, Double(after.3 - before.3) / calls)
    }
    let ping = perCall { try caller.ping() }
    let life = perCall { try caller.sessionLife() }
    let text = { (figures: (service: Double, bus: Double, caller: Double, wall: Double)) in
        "\(who) \(format(figures.service, 1)), dbus-daemon \(format(figures.bus, 1)), the bench's caller \(format(figures.caller, 1)) of \(format(figures.wall, 1)) µs"
    }
    return ([
        ResultRow("\(who): CPU per Ping, \(grouped(count)) in a row (schedstat)", text(ping)),
        ResultRow("\(who): CPU per session's life, \(grouped(count)) in a row", text(life)),
    ], count)
}
