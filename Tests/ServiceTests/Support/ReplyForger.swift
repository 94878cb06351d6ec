import Foundation
import TestHarness

/// Another user's process sending method returns nobody asked for (Scripts/forge-returns.py):
/// to every connection that joins the bus, or to one connection, for the serials of its next
/// calls. It forges until stopped.
final class ReplyForger {
    let process: ChildProcess
    private let logFile: URL

    /// What it printed: "ready", "rounds R" every 50th round, then "sent N" when it ends.
    var log: String { logText(logFile) }

    /// Its unique name, which it said with "ready".
    var uniqueName: String {
        log.split(separator: "\n").first { $0.hasPrefix("ready ") }.map { String($0.dropFirst(6)) } ?? "?"
    }

    /// The rounds of forgeries it has sent so far, to the nearest 50 below.
    var rounds: Int {
        log.split(separator: "\n").last { $0.hasPrefix("rounds ") }.flatMap { Int($0.dropFirst(7)) } ?? 0
    }

    /// Whether it has sent returns to some connection that joined the bus (`--joining`): said
    /// once per connection, where its rounds are logged only every 50th, which a quick run may
    /// never reach.
    var reachedAConnection: Bool { log.contains("forged at ") }

    /// Waits until it has sent `count` more rounds (each a return for every serial it aims at).
    func waitForRounds(_ count: Int) throws {
        let goal = rounds + count
        try waitUntil("the forger to send \(count) more rounds", seconds: 60) { rounds >= goal || !process.isRunning }
    }

    /// Starts forging returns with `body` (GVariant text, a tuple) at the connections that join
    /// `bus` (`target` nil) or at `target`, and waits until it watches.
    init(body: String, target: String? = nil, behind: Int = 0, on bus: PrivateBus) throws {
        let script = try OtherUser.copies(of: [ForgedReplyScripts.forger], in: bus.directory)[0]
        logFile = uniqueFile(in: bus.directory, "forger", "log")
        let mode = target.map { ["--target", $0, "--behind", String(behind)] } ?? ["--joining"]
        process = try startLogged(
            OtherUser.launcher + ["/usr/bin/python3", script, bus.address, body] + mode + ["--seconds", "600"],
            environment: bus.environment, logFile: logFile)
        try waitUntil("the forger to watch the bus", seconds: 20) { log.contains("ready") || !process.isRunning }
        guard process.isRunning else { throw HarnessError("the forger did not start: \(log)") }
    }

    deinit { process.stop() }
}

/// Calls made by the other user, each from a new connection (Scripts/fresh-calls.py).
enum FreshCalls {
    /// Calls `method` (interface.member) at `destination` `count` times with `body`, each from a
    /// new connection, as the other user; what each got: "answered", an error name, or "timeout".
    static func run(
        _ method: String, at destination: String, path: String, body: String, count: Int, on bus: PrivateBus
    ) throws -> [String] {
        let script = try OtherUser.copies(of: [ForgedReplyScripts.freshCalls], in: bus.directory)[0]
        let result = try CapturedCommand.run(
            OtherUser.launcher[0],
            OtherUser.launcher.dropFirst() + ["/usr/bin/python3", script, bus.address, destination, path, method, body, String(count)],
            environment: bus.environment, directory: bus.directory, seconds: 300)
        guard result.termination == .exited(0) else { throw HarnessError("fresh-calls.py failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }
}

/// The scripts, beside the tests.
enum ForgedReplyScripts {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts")
    static let forger = directory.appendingPathComponent("forge-returns.py")
    static let freshCalls = directory.appendingPathComponent("fresh-calls.py")
}
