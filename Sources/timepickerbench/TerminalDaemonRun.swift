import Glibc
import TestHarness

/// What the terminal part uses beside the daemon, from the command line.
struct BenchTools {
    /// The Python reference of the same contract (scripts/reference-service.py).
    var reference: String?
    /// The floor: a service of the contract's shape that does nothing else (scripts/floor-service.c, built).
    var floor: String?
    /// The LD_PRELOAD allocation counter (scripts/allocation-counter.c, built).
    var allocationCounter: String?
    /// Counts system calls; looked up in PATH.
    var strace: String? = findInPath("strace")
}

/// The Python interpreter the reference runs on: Debian's, with its python3-dbus and python3-gi.
let referenceInterpreter = "/usr/bin/python3"

/// A service other than the daemon under test, running on a bus and a terminal of its own.
struct OtherService {
    let bus: PrivateBus
    let terminal: PseudoTerminal
    let process: DaemonProcess
    let caller: ServiceCaller

    /// The reference `script`, started as the daemon is: stdin and stdout on a pseudo-terminal.
    static func reference(_ script: String) throws -> OtherService {
        let bus = try PrivateBus()
        let terminal = try PseudoTerminal(keepingOutput: false)
        let process = try DaemonProcess.serving(on: bus, binary: referenceInterpreter, arguments: [script], terminal: terminal, seconds: 30)
        return OtherService(bus: bus, terminal: terminal, process: process, caller: try ServiceCaller(address: bus.address))
    }

    /// The floor `binary`, started as the daemon is, on a bus and a terminal of its own.
    static func floor(_ binary: String) throws -> OtherService {
        let bus = try PrivateBus()
        let terminal = try PseudoTerminal(keepingOutput: false)
        let process = try DaemonProcess.serving(on: bus, binary: binary, arguments: [], terminal: terminal, seconds: 30)
        return OtherService(bus: bus, terminal: terminal, process: process, caller: try ServiceCaller(address: bus.address))
    }

    /// The floor of `tools`, when one was given, started and announced.
    static func floor(of tools: BenchTools) throws -> OtherService? {
        guard let binary = tools.floor else { return nil }
        progress("starting the floor, \(binary), on a bus and a pseudo-terminal of its own")
        return try floor(binary)
    }
}

/// Everything measured on one daemon with the terminal UI, on the bench's pseudo-terminal:
/// idle memory and wake-ups, round trips beside the reference's, memory over 10,000 sessions,
/// throughput, limits, then idle again; last, in a pass of their own, the allocations and
/// system calls a session costs.
func measureTerminalDaemon(binary: String, bus: PrivateBus, terminal: PseudoTerminal, tools: BenchTools, into sections: inout Sections) throws {
    progress("starting the daemon on a pseudo-terminal; idle for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let daemon = try DaemonProcess.serving(on: bus, binary: binary, arguments: ["--ui", "terminal"], terminal: terminal)
    defer { daemon.stop() }
    pause(seconds: 0.5)
    let idle = memoryRow("Resident memory idle after start (terminal UI)", pid: daemon.pid)
    let idleWakeUps = idleWakeUpsRow(
        "Wake-ups idle after start (voluntary context switches, all threads)", pid: daemon.pid,
        settle: Plan.settleSeconds, seconds: Plan.idleSeconds)

    var reference: OtherService?
    if let script = tools.reference {
        progress("starting the reference, \(referenceInterpreter) \(script), on a bus and a pseudo-terminal of its own")
        reference = try OtherService.reference(script)
    }
    defer { reference?.process.stop() }
    let floor = try OtherService.floor(of: tools)
    defer { floor?.process.stop() }
    let services = reference == nil ? "" : " on each service"
    progress("round trips: \(Plan.latencySamples) Pings and \(Plan.latencySamples) sessions\(services), interleaved")
    let caller = try ServiceCaller(address: bus.address)
    let drawnBefore = (ours: terminal.bytesDrawn, reference: reference?.terminal.bytesDrawn ?? 0)
    let (ours, theirs, floorSamples) = interleavedRoundTrips(caller: caller, daemon: daemon, bus: bus, reference: reference, floor: floor)
    var sessions = Plan.latencyWarmUp + Plan.latencySamples
    let drawn = (ours: terminal.bytesDrawn - drawnBefore.ours, reference: (reference?.terminal.bytesDrawn ?? 0) - drawnBefore.reference)
    var cpuRows = measureCPU("timepickerd", caller: caller, service: daemon.pid, bus: bus.pid, count: Plan.cpuCalls)
    sessions += cpuRows.sessions
    if let reference {
        cpuRows.rows += measureCPU("Reference", caller: reference.caller, service: reference.process.pid, bus: reference.bus.pid, count: Plan.cpuCalls).rows
    }
    let perSession = { (bytes: Int) in "\(format(Double(bytes) / Double(Plan.latencyWarmUp + Plan.latencySamples), 0)) bytes" }
    var terminalRows = [ResultRow("timepickerd: terminal output per session shown and cancelled", perSession(drawn.ours))]
    if reference != nil { terminalRows.append(ResultRow("Reference: terminal output per session shown and cancelled", perSession(drawn.reference))) }

    progress("memory: sessions up to \(grouped(Plan.secondMemoryMark))")
    var failures = runSessions(caller: caller, count: max(Plan.firstMemoryMark - sessions, 0))
    sessions = max(sessions, Plan.firstMemoryMark)
    let first = memoryRow("Resident memory after \(grouped(Plan.firstMemoryMark)) sessions", pid: daemon.pid)
    failures += runSessions(caller: caller, count: Plan.secondMemoryMark - sessions)
    sessions = Plan.secondMemoryMark
    let second = memoryRow("Resident memory after \(grouped(Plan.secondMemoryMark)) sessions", pid: daemon.pid)
    sections.memory += [idle.row, first.row, second.row]
    sections.memory.append(growthRow(
        "Growth \(grouped(Plan.firstMemoryMark)) → \(grouped(Plan.secondMemoryMark)) sessions\(failures > 0 ? " (\(failures) calls failed)" : "")",
        from: first.memory, to: second.memory))

    progress("throughput: \(Plan.throughputCallers) callers for \(format(Plan.throughputSeconds, 0)) s")
    let throughput = measureThroughput(address: bus.address, callers: Plan.throughputCallers, seconds: Plan.throughputSeconds)
    sessions += throughput.sessions
    progress("limits: one caller to its limit, then \(Plan.limitCallers) callers × 16")
    let limits = try measureLimits(address: bus.address, callers: Plan.limitCallers)
    sessions += limits.sessions
    sections.load += throughput.rows + limits.rows

    progress("idle after all traffic for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let afterWakeUps = idleWakeUpsRow(
        "Wake-ups idle after all traffic", pid: daemon.pid, settle: Plan.settleSeconds, seconds: Plan.idleSeconds)
    sections.memory.append(memoryRow("Resident memory idle after all traffic (\(grouped(sessions)) sessions)", pid: daemon.pid).row)
    sections.wakeUps += [idleWakeUps, afterWakeUps]

    let costRows = try measurePerSessionCosts(binary: binary, tools: tools, idleDaemon: (daemon, caller, bus), reference: reference)
    sections.roundTrips += latencyRows(ours, of: "timepickerd") + (theirs.map { latencyRows($0, of: "Reference") } ?? [])
        + [comparisonRow(ours: ours, reference: theirs)] + floorRows(floorSamples, ours: ours, reference: theirs) + costRows
        + cpuRows.rows + terminalRows
}

/// The round trips of the daemon and of the reference (when there is one), interleaved, with
/// both services and their buses on one CPU and the calls made from another (`Placement`).
private func interleavedRoundTrips(
    caller: ServiceCaller, daemon: DaemonProcess, bus: PrivateBus, reference: OtherService?, floor: OtherService?
) -> (ours: LatencySamples, reference: LatencySamples?, floor: LatencySamples?) {
    let others = [reference, floor].compactMap { $0 }
    let placement = Placement(pinning: [daemon.pid, bus.pid] + others.flatMap { [$0.process.pid, $0.bus.pid] })
    defer { placement.undo() }
    progress("round trips placed: \(placement.summary)")
    var samples = sampleLatency([caller] + others.map(\.caller), samples: Plan.latencySamples, warmUp: Plan.latencyWarmUp)
    let ours = samples.removeFirst()
    let theirs = reference == nil ? nil : samples.removeFirst()
    return (ours, theirs, floor == nil ? nil : samples.removeFirst())
}

/// `make bench ONLY=sessions`: only the round trips beside the reference, their CPU, and the
/// allocations and system calls of a session, as `measureTerminalDaemon` takes them.
func measureSessions(binary: String, bus: PrivateBus, terminal: PseudoTerminal, tools: BenchTools, into sections: inout Sections) throws {
    progress("starting the daemon on a pseudo-terminal")
    let daemon = try DaemonProcess.serving(on: bus, binary: binary, arguments: ["--ui", "terminal"], terminal: terminal)
    defer { daemon.stop() }
    var reference: OtherService?
    if let script = tools.reference {
        progress("starting the reference, \(referenceInterpreter) \(script), on a bus and a pseudo-terminal of its own")
        reference = try OtherService.reference(script)
    }
    defer { reference?.process.stop() }
    let floor = try OtherService.floor(of: tools)
    defer { floor?.process.stop() }
    progress("round trips: \(Plan.latencySamples) Pings and \(Plan.latencySamples) sessions on each service, interleaved")
    let caller = try ServiceCaller(address: bus.address)
    let (ours, theirs, floorSamples) = interleavedRoundTrips(caller: caller, daemon: daemon, bus: bus, reference: reference, floor: floor)
    var cpuRows = measureCPU("timepickerd", caller: caller, service: daemon.pid, bus: bus.pid, count: Plan.cpuCalls).rows
    if let reference {
        cpuRows += measureCPU("Reference", caller: reference.caller, service: reference.process.pid, bus: reference.bus.pid, count: Plan.cpuCalls).rows
    }
    let costRows = try measurePerSessionCosts(binary: binary, tools: tools, idleDaemon: (daemon, caller, bus), reference: reference)
    sections.roundTrips += latencyRows(ours, of: "timepickerd") + (theirs.map { latencyRows($0, of: "Reference") } ?? [])
        + [comparisonRow(ours: ours, reference: theirs)] + floorRows(floorSamples, ours: ours, reference: theirs) + costRows + cpuRows
}

/// The allocations and system calls of a session's life: the allocations on a daemon of their
/// own started with the counter preloaded (the timed daemon stays as it ships), the system calls
/// on that daemon (or, without the counter, on the timed one, idle by now) and on the reference.
private func measurePerSessionCosts(
    binary: String, tools: BenchTools, idleDaemon: (process: DaemonProcess, caller: ServiceCaller, bus: PrivateBus), reference: OtherService?
) throws -> [ResultRow] {
    var rows: [ResultRow] = []
    var counted = idleDaemon
    // Kept until the rows are made: stopping the daemon or the bus ends the counted run.
    var countingBus: PrivateBus?
    defer { if counted.process !== idleDaemon.process { counted.process.stop() } }
    if let counter = tools.allocationCounter {
        progress("allocations: \(grouped(Plan.costSessions)) sessions on a daemon with \(counter) preloaded")
        let bus = try PrivateBus()
        let result = try measureAllocations(
            binary: binary, counter: counter, sessions: Plan.costSessions, warmUp: Plan.latencyWarmUp, bus: bus,
            terminal: try PseudoTerminal(keepingOutput: false))
        rows.append(result.row)
        counted = (result.daemon, result.caller, bus)
        countingBus = bus
    } else {
        rows.append(ResultRow("timepickerd: allocations per session's life", "not counted (timepickerbench --allocation-counter LIBRARY)"))
    }
    progress("system calls: strace -c over \(grouped(Plan.straceSessions)) sessions")
    rows.append(systemCallsRow(
        "timepickerd", pid: counted.process.pid, caller: counted.caller, sessions: Plan.straceSessions, strace: tools.strace,
        directory: counted.bus.directory))
    if let reference {
        rows.append(systemCallsRow(
            "Reference", pid: reference.process.pid, caller: reference.caller, sessions: Plan.straceSessions, strace: tools.strace,
            directory: reference.bus.directory))
    }
    _ = countingBus
    return rows
}

/// The full path of `program` in a directory of `PATH`, if there is one.
func findInPath(_ program: String) -> String? {
    let directories = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
}
