import Foundation
import Glibc
import TestHarness

/// An interactive bash on a pseudo-terminal, as in a terminal window: it leads a session whose
/// controlling terminal the pseudo-terminal is, with job control, and finds timepickerctl on
/// its PATH.
final class ShellOnTerminal {
    let process: ChildProcess
    let terminal: PseudoTerminal
    static let prompt = "prompt$ "

    init(on bus: PrivateBus, terminal: PseudoTerminal) throws {
        self.terminal = terminal
        var environment = bus.environment
        environment["PATH"] = URL(fileURLWithPath: ClientHarness.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        environment["PS1"] = Self.prompt
        environment["TERM"] = "xterm"
        process = try ChildProcess(
            "/bin/bash", ["--norc", "--noprofile", "-i"], environment: environment,
            stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal, controllingTerminal: try terminal.path)
    }

    deinit {
        process.send(SIGKILL)
        _ = try? process.waitForExit()
    }

    /// Types a command line and Enter.
    func run(_ commandLine: String) {
        terminal.type(commandLine + "\r")
    }

    /// The process id of the shell's child running `command` (as /proc/PID/comm names it), once
    /// there is one.
    func child(named command: String) throws -> pid_t {
        var found: pid_t?
        try waitUntil("the shell to start \(command)") {
            found = childProcesses(of: process.pid).first { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == command
            }
            return found != nil
        }
        guard let found else { throw HarnessError("no \(command) under the shell") }
        return found
    }
}

/// The processes whose parent is `parent`, from /proc.
func childProcesses(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        // After the command: state, then the parent's id.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == parent
    }
}

extension ScreenEmulator {
    /// The columns `text` takes on this emulator's terminal.
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }
}
