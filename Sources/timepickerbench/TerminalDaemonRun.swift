import TestHarness

/// Everything measured on one daemon with the terminal UI, on the bench's pseudo-terminal:
/// idle memory and wake-ups, round trips, memory over 10,000 sessions, throughput, limits,
/// then idle again.
func measureTerminalDaemon(binary: String, bus: PrivateBus, terminal: PseudoTerminal, into sections: inout Sections) throws {
    progress("starting the daemon on a pseudo-terminal; idle for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let daemon = try DaemonProcess.serving(on: bus, binary: binary, arguments: ["--ui", "terminal"], terminal: terminal)
    defer { daemon.stop() }
    pause(seconds: 0.5)
    let idle = memoryRow("Resident memory idle after start (terminal UI)", pid: daemon.pid)
    let idleWakeUps = idleWakeUpsRow(
        "Wake-ups idle after start (voluntary context switches, all threads)", pid: daemon.pid,
        settle: Plan.settleSeconds, seconds: Plan.idleSeconds)

    progress("round trips: \(Plan.latencySamples) Pings and \(Plan.latencySamples) sessions, interleaved")
    let client = try ServiceClient(address: bus.address)
    let drawnBefore = terminal.bytesDrawn
    let latency = measureLatency(client: client, samples: Plan.latencySamples, warmUp: Plan.latencyWarmUp)
    var sessions = latency.sessions
    let bytesPerSession = Double(terminal.bytesDrawn - drawnBefore) / Double(max(sessions, 1))
    let cpu = measureCPU(client: client, daemon: daemon.pid, bus: bus.pid, count: Plan.cpuCalls)
    sessions += cpu.sessions
    sections.roundTrips += latency.rows + cpu.rows
    sections.roundTrips.append(ResultRow("Terminal output per session shown and cancelled", "\(format(bytesPerSession, 0)) bytes"))

    progress("memory: sessions up to \(grouped(Plan.secondMemoryMark))")
    var failures = runSessions(client: client, count: max(Plan.firstMemoryMark - sessions, 0))
    sessions = max(sessions, Plan.firstMemoryMark)
    let first = memoryRow("Resident memory after \(grouped(Plan.firstMemoryMark)) sessions", pid: daemon.pid)
    failures += runSessions(client: client, count: Plan.secondMemoryMark - sessions)
    sessions = Plan.secondMemoryMark
    let second = memoryRow("Resident memory after \(grouped(Plan.secondMemoryMark)) sessions", pid: daemon.pid)
    sections.memory += [idle.row, first.row, second.row]
    sections.memory.append(growthRow(
        "Growth \(grouped(Plan.firstMemoryMark)) → \(grouped(Plan.secondMemoryMark)) sessions\(failures > 0 ? " (\(failures) calls failed)" : "")",
        from: first.memory, to: second.memory))

    progress("throughput: \(Plan.throughputClients) clients for \(format(Plan.throughputSeconds, 0)) s")
    let throughput = measureThroughput(address: bus.address, clients: Plan.throughputClients, seconds: Plan.throughputSeconds)
    sessions += throughput.sessions
    progress("limits: one client to its limit, then \(Plan.limitClients) clients × 16")
    let limits = try measureLimits(address: bus.address, clients: Plan.limitClients)
    sessions += limits.sessions
    sections.load += throughput.rows + limits.rows

    progress("idle after all traffic for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let afterWakeUps = idleWakeUpsRow(
        "Wake-ups idle after all traffic", pid: daemon.pid, settle: Plan.settleSeconds, seconds: Plan.idleSeconds)
    sections.memory.append(memoryRow("Resident memory idle after all traffic (\(grouped(sessions)) sessions)", pid: daemon.pid).row)
    sections.wakeUps += [idleWakeUps, afterWakeUps]
}
