import DBusKit
import Foundation
import TestHarness

/// Milliseconds a call of the leak check waits for its reply: a minute, as the daemon runs
/// slowly under valgrind.
let callTimeoutMilliseconds: Int32 = 60_000

/// One user interface's part of the leak check: the daemon started under valgrind memcheck on
/// the private bus, `sessions` sessions driven through it, then SIGTERM; valgrind's log is
/// then read and reported. Returns whether the run and the log were clean.
struct UserInterfaceRun {
    let userInterface: String
    let sessions: Int
    let daemonBinary: String
    let valgrind: String
    /// valgrind suppression files: losses valgrind cannot tell from real ones.
    let suppressions: [String]
    /// Where the logs go (kept with `--keep`).
    let workDirectory: URL
    /// Frames under it are named `Sources/…`, which is how the project's own code is recognised.
    let sourceRoot: String

    func run(on bus: PrivateBus) -> Bool {
        say("leakcheck: \(sessions) sessions with the \(userInterface) user interface, the daemon under valgrind")
        let started = monotonicNanoseconds()
        let valgrindLog = workDirectory.appendingPathComponent("valgrind-\(userInterface).log")
        var clean = true
        var daemon: DaemonProcess?
        do {
            try drive(bus: bus, valgrindLog: valgrindLog, daemon: &daemon)
        } catch {
            say("leakcheck: \(error)")
            say("leakcheck: the \(userInterface) run failed; the daemon's log ends:")
            say((daemon?.log ?? "").split(separator: "\n").suffix(20).joined(separator: "\n"))
            daemon?.process.stop(seconds: 120)
            clean = false
        }
        if let daemon { try? daemon.log.write(to: workDirectory.appendingPathComponent("daemon-\(userInterface).log"), atomically: true, encoding: .utf8) }
        say("leakcheck: \(userInterface): \(Int(secondsSince(started))) s; valgrind says:")
        let report = ValgrindReport(log: (try? String(contentsOf: valgrindLog, encoding: .utf8)) ?? "")
        return print(report) && clean
    }

    /// Starts the daemon (and for notifications the mock server), drives the sessions and
    /// stops the daemon, which must exit with status 0.
    private func drive(bus: PrivateBus, valgrindLog: URL, daemon: inout DaemonProcess?) throws {
        let launcher = [
            valgrind, "--tool=memcheck", "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
            "--num-callers=40", "--fullpath-after=\(sourceRoot)/", "--log-file=\(valgrindLog.path)",
        ] + suppressions.map { "--suppressions=\($0)" }
        let caller = try ServiceCaller(address: bus.address, timeoutMilliseconds: callTimeoutMilliseconds)
        let other = try ServiceCaller(address: bus.address, timeoutMilliseconds: callTimeoutMilliseconds)
        var server: NotificationServerProcess?
        defer { server?.process.stop(seconds: 30) }
        let session: (Int) throws -> ObjectPath
        if userInterface == "terminal" {
            let screen = try PseudoTerminal()
            let callerScreen = try PseudoTerminal()
            daemon = try DaemonProcess.serving(
                on: bus, binary: daemonBinary, arguments: ["--ui", "terminal"], terminal: screen, launcher: launcher, seconds: 120)
            session = TerminalSessions(bus: bus, screen: screen, callerScreen: callerScreen, caller: caller, other: other).run
        } else {
            server = try NotificationServerProcess(bus: bus)
            daemon = try DaemonProcess.serving(
                on: bus, binary: daemonBinary, arguments: ["--ui", "notification", "--notification-layout", "stepper"],
                launcher: launcher, seconds: 120)
            session = NotificationSessions(bus: bus, caller: caller, other: other).run
        }
        let started = monotonicNanoseconds()
        for index in 0..<sessions {
            try caller.waitUntilEnded(try session(index), seconds: 60)
            if index % 100 == 99 { say("  \(userInterface): \(index + 1) sessions, \(Int(secondsSince(started))) s") }
        }
        guard let daemon else { return }
        daemon.send(SIGTERM)
        let status = try daemon.waitForExit(seconds: 600)
        say("  \(userInterface): \(sessions) sessions in \(Int(secondsSince(started))) s; the daemon exited with status \(status)")
        guard status == 0 else { throw HarnessError("the daemon exited with status \(status)") }
    }

    /// Prints what valgrind found; true when nothing counts against the project.
    private func print(_ report: ValgrindReport) -> Bool {
        for line in report.summary { say("    " + line.drop { $0 == " " }) }
        if report.ours.isEmpty {
            say("leakcheck: \(userInterface): nothing definitely lost in the project's code")
        } else {
            say("leakcheck: \(userInterface): definitely lost in the project's code:")
            say(report.ours.map { $0.map { "    " + $0 }.joined(separator: "\n") }.joined(separator: "\n\n"))
        }
        if !report.libraries.isEmpty {
            say("leakcheck: \(userInterface): definitely lost inside libraries (not the project's allocations):")
            for entry in report.libraries {
                say("    \(entry.records) record(s), \(entry.bytes) bytes, allocated inside \(entry.library)")
            }
        }
        if report.errors.isEmpty {
            say("leakcheck: \(userInterface): no memcheck errors other than leaks")
        } else {
            say("leakcheck: \(userInterface): memcheck errors other than leaks (the first ones):")
            say(report.errors.flatMap { $0 + [""] }.prefix(80).map { "    " + $0 }.joined(separator: "\n"))
        }
        return report.isClean
    }
}
