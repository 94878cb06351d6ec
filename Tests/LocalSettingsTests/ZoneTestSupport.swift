import Foundation
@testable import LocalSettings
import TimePickerCore
import Testing

/// The system's zone database, read where tzdata installs it whatever this process's TZDIR.
let systemDatabase = ZoneDatabase(directory: "/usr/share/zoneinfo")

/// 1990-01-01T00:00:00Z and 2091-01-01T00:00:00Z: the years the comparisons with glibc cover.
let from1990: Int64 = 631_152_000
let until2091: Int64 = 3_818_448_000
/// 2026-01-01T00:00:00Z: where the slim files are compared with the fat ones.
let from2026: Int64 = 1_767_225_600

/// An error of the test's own making (a command that failed).
struct ZoneTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A directory of its own for a test, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("timepickerd-tests-zones-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to the file `name` in the directory, and gives its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// Runs `executable` with `arguments` and only `environment`, and gives what it printed.
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting, so that a long output cannot fill the pipe and stall the child.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaint = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ZoneTestError("\(executable) \(arguments) failed: \(String(decoding: complaint, as: UTF8.self))")
    }
    return String(decoding: printed, as: UTF8.self)
}

/// What glibc says the offset is at each of `instants` with `TZ` set to `timeZone` (and `TZDIR`
/// to `zoneDirectory`): one run of `date -f` over them all, in a child (this process's TZ is
/// left alone: tests run at once).
func glibcOffsets(timeZone: String, zoneDirectory: String = "/usr/share/zoneinfo", at instants: [Int64]) throws -> [ZoneOffset] {
    let directory = try TemporaryDirectory()
    let list = try directory.write(Array(instants.map { "@\($0)\n" }.joined().utf8), to: "instants")
    let printed = try run("/usr/bin/date", ["-f", list, "+%::z %Z"], environment: ["TZ": timeZone, "TZDIR": zoneDirectory, "LC_ALL": "C"])
    let lines = printed.split(separator: "\n")
    guard lines.count == instants.count else { throw ZoneTestError("date printed \(lines.count) lines for \(instants.count)") }
    return try lines.map { line in
        // "+05:30:00 IST"
        let parts = line.split(separator: " ", maxSplits: 1)
        let numbers = parts[0].dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, numbers.count == 3 else { throw ZoneTestError("date printed \(line)") }
        let seconds = numbers[0] * 3600 + numbers[1] * 60 + numbers[2]
        return ZoneOffset(seconds: parts[0].first == "-" ? -seconds : seconds, abbreviation: String(parts[1]))
    }
}

/// Instants to compare two answers at between `start` and `end`: every change either answer
/// knows of and the second before it, and a grid of about `gridDays` days whose time of day
/// drifts.
func instantsToCompare(_ rules: [ZoneRules], from start: Int64, until end: Int64, gridDays: Int = 5) -> [Int64] {
    var instants = Set<Int64>()
    for zone in rules {
        for change in zone.changes where (start..<end).contains(change.instant) {
            instants.insert(change.instant)
            instants.insert(change.instant - 1)
        }
    }
    instants.formUnion(stride(from: start, to: end, by: gridDays * 86_400 + 11_820))
    return instants.sorted()
}

/// Where `rules` and `expected` disagree, the first few, for a failure's message.
func disagreements(_ rules: ZoneRules, _ expected: [ZoneOffset], at instants: [Int64]) -> [String] {
    zip(instants, expected).filter { rules.offset(at: $0.0) != $0.1 }.prefix(5).map { instant, offset in
        let ours = rules.offset(at: instant)
        return "at \(instant): \(ours.seconds) \(ours.abbreviation), expected \(offset.seconds) \(offset.abbreviation)"
    }
}
