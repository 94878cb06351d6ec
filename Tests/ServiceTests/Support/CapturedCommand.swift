import Foundation
import Glibc
import TestHarness

/// A program run with stdin from /dev/null and its output going to files.
final class CapturedCommand {
    let process: ChildProcess
    private let stdoutFile: URL
    private let stderrFile: URL

    init(_ executable: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        let tag = "\(URL(fileURLWithPath: executable).lastPathComponent)-\(UUID().uuidString.prefix(6))"
        stdoutFile = directory.appendingPathComponent("\(tag).stdout")
        stderrFile = directory.appendingPathComponent("\(tag).stderr")
        let input = try openForChild("/dev/null", write: false)
        defer { close(input) }
        let output = try openForChild(stdoutFile.path, write: true)
        defer { close(output) }
        let errors = try openForChild(stderrFile.path, write: true)
        defer { close(errors) }
        process = try ChildProcess(executable, arguments, environment: environment, stdin: input, stdout: output, stderr: errors)
    }

    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// How a run ended, and what it printed.
    struct Result {
        let termination: ChildProcess.Termination
        let stdout: String
        let stderr: String
    }

    /// Runs the program to its end.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: URL, seconds: Double = 10
    ) throws -> Result {
        let command = try CapturedCommand(executable, arguments, environment: environment, directory: directory)
        let termination = try command.process.waitForExit(seconds: seconds)
        return Result(termination: termination, stdout: command.stdout, stderr: command.stderr)
    }
}
