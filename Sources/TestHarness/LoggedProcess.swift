public import Foundation
import Glibc

/// Starts `command` (the executable first) with stdin and stdout on `terminal`, or stdin from
/// /dev/null and stdout to `logFile`; stderr always goes to `logFile`.
public func startLogged(
    _ command: [String], environment: [String: String], terminal: PseudoTerminal? = nil, logFile: URL
) throws -> ChildProcess {
    let log = try openForChild(logFile.path, write: true)
    let devNull = try openForChild("/dev/null", write: false)
    defer {
        close(log)
        close(devNull)
    }
    return try ChildProcess(
        command[0], Array(command.dropFirst()), environment: environment,
        stdin: terminal?.terminal ?? devNull, stdout: terminal?.terminal ?? log, stderr: log)
}

/// What a process logged to `file` so far.
public func logText(_ file: URL) -> String {
    (try? String(contentsOf: file, encoding: .utf8)) ?? ""
}

/// A name for a new file in `directory`: `prefix`, a few random characters, `suffix`.
public func uniqueFile(in directory: URL, _ prefix: String, _ suffix: String) -> URL {
    directory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(6)).\(suffix)")
}

/// Starts `command` (the executable first) with stdin from /dev/null, stdout on a pipe and
/// stderr to `logFile`; returns it with the pipe's reading end, which the caller closes. For a
/// child that says something on stdout: dbus-daemon its address, Xvfb its display number.
public func startReadingOutput(
    _ command: [String], environment: [String: String], logFile: URL
) throws -> (process: ChildProcess, output: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw HarnessError("pipe failed") }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let log = try openForChild(logFile.path, write: true)
    let devNull = try openForChild("/dev/null", write: false)
    // The child has its own copy of the writing end: once it exits, reads see the end.
    defer {
        close(log)
        close(devNull)
        close(ends[1])
    }
    do {
        let process = try ChildProcess(
            command[0], Array(command.dropFirst()), environment: environment, stdin: devNull, stdout: ends[1], stderr: log)
        return (process, ends[0])
    } catch {
        close(ends[0])
        throw error
    }
}
