import Glibc
import TestHarness

// timepickerbench [--only PHASE] [--reference SCRIPT] [--floor PROGRAM] [--allocation-counter LIBRARY] DAEMON:
// measures the release daemon against the goals of issue 5, its session's life against a Python
// reference of the same contract run beside it (issue 25: scripts/reference-service.py) with the
// allocations and system calls a session costs (the counter is scripts/allocation-counter.c,
// built), and the dialog against issue 11's goals, and prints one Markdown table on stdout
// (progress on stderr). A figure never fails the run; only a set-up that cannot be made (a bus,
// a terminal, a display, a daemon that does not start) exits 1.

/// The parts of the bench, each runnable alone with `--only`.
enum Phase: String, CaseIterable {
    case startUp = "startup"
    case terminal, notification, dialog
    /// Only the round trips beside the reference and what a session costs (part of `terminal`),
    /// on a daemon of their own: the quick way to see the effect of a change on a session.
    case sessions
}

let usage = "usage: timepickerbench [--only \(Phase.allCases.map(\.rawValue).joined(separator: "|"))] [--reference SCRIPT] [--floor PROGRAM] "
    + "[--allocation-counter LIBRARY] PATH-TO-timepickerd (or the directory holding it)"
var arguments = Array(CommandLine.arguments.dropFirst())
var phases = Phase.allCases.filter { $0 != .sessions }
var tools = BenchTools()
while arguments.count > 1, arguments[0].hasPrefix("--") {
    let option = arguments.removeFirst()
    let value = arguments.removeFirst()
    switch option {
    case "--only":
        guard let phase = Phase(rawValue: value) else {
            progress(usage)
            exit(2)
        }
        phases = [phase]
    case "--reference": tools.reference = value
    case "--floor": tools.floor = value
    case "--allocation-counter": tools.allocationCounter = value
    default:
        progress(usage)
        exit(2)
    }
}
guard arguments.count == 1 else {
    progress(usage)
    exit(2)
}
var binary = arguments[0]
var information = stat()
if stat(binary, &information) == 0 && information.st_mode & S_IFMT == S_IFDIR { binary += "/timepickerd" }
guard access(binary, X_OK) == 0 else {
    progress("\(binary) is not an executable\n\(usage)")
    exit(2)
}

func runBench(binary: String, phases: [Phase], tools: BenchTools) throws -> [ResultRow] {
    var sections = Sections()
    let bus = try PrivateBus()
    let terminal = try PseudoTerminal(keepingOutput: false)
    if phases.contains(.startUp) {
        progress("start-up: \(Plan.starts) starts of \(binary) --ui terminal")
        sections.startUp = try measureStartUp(binary: binary, bus: bus, terminal: terminal, starts: Plan.starts)
    }
    if phases.contains(.terminal) { try measureTerminalDaemon(binary: binary, bus: bus, terminal: terminal, tools: tools, into: &sections) }
    if phases.contains(.sessions) { try measureSessions(binary: binary, bus: bus, terminal: terminal, tools: tools, into: &sections) }
    if phases.contains(.notification) { try measureNotificationDaemon(binary: binary, bus: bus, into: &sections) }
    // On a bus and a display of its own: the backend's activation file and environment stay there.
    if phases.contains(.dialog) { try measureDialog(binary: binary, into: &sections) }
    return sections.rows
}

let began = monotonicNanoseconds()
let machine = MachineInfo()
let loadBefore = MachineInfo.loadAverage
do {
    let rows = try runBench(binary: binary, phases: phases, tools: tools)
    print(markdownTable(rows))
    print("")
    let missed = rows.filter { $0.verdict == .missed }.count
    print("Measured \(machine.summary); load average \(loadBefore) before the run, \(MachineInfo.loadAverage) after.")
    print("\(missed == 0 ? "Every goal met" : "\(missed) goal\(missed == 1 ? "" : "s") missed"); the run took \(format(secondsSince(began), 0)) s.")
    if missed > 0 {
        // The reasons were measured once (perf, callgrind, massif) and are kept with the table;
        // only those of the goals missed in this run are repeated here.
        print("Why a goal is missed, and what would meet it: docs/benchmark.md, section \"What the figures mean\".")
        let missedMeasures = rows.filter { $0.verdict == .missed }.map(\.measure)
        if missedMeasures.contains(where: { $0.hasPrefix("timepickerd's Session ÷") }) {
            print("- Ours ÷ the reference's: compare the allocations and system calls per session with the table")
            print("  in docs/benchmark.md (57 and 18 on 2026-12-05, after issue 37): more means a session does work again, and")
            print("  callgrind says which. The quotient also follows the machine: the bus, the bench's caller and")
            print("  the terminal's wake-ups weigh in both services' sessions (docs/benchmark.md, \"A session's cost\").")
        }
        if missedMeasures.contains(where: { $0.hasPrefix("Resident memory") }) {
            print("- Memory: what is resident is mostly the mapped libraries; see docs/benchmark.md.")
        }
        if missedMeasures.contains(where: { $0.hasPrefix("Dialog") }) {
            print("- The dialog: cold start-up follows the machine's load; compare with the warm row and rerun on a quiet machine.")
        }
    }
    print("Reproduce: `make bench` (it builds the allocation counter and passes the reference; see docs/benchmark.md).")
} catch {
    progress("set-up failed: \(error)")
    exit(1)
}
