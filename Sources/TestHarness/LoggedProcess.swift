import Foundation
import Glibc

/// Starts `command` (the executable first) with stdin and stdout on `terminal`, or stdin from
/// /dev/null and stdout to `logFile`; stderr always goes to `logFile`.
func startLogged(
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
func logText(_ file: URL) -> String {
    (try? String(contentsOf: file, encoding: .utf8)) ?? ""
}

/// A name for a new file in `directory`: `prefix`, a few random characters, `suffix`.
func uniqueFile(in directory: URL, _ prefix: String, _ suffix: String) -> URL {
    directory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(6)).\(suffix)")
}
