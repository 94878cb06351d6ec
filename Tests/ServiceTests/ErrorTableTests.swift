import Foundation
import Testing
import TimePicker
import TestHarness

/// docs/integration.md's error table against both libraries: libtimepicker's `TimePickerError`
/// enum as GObject introspection gives it to every language, and the Swift library's
/// `TimePickerError.Code`, so that neither gains a code the other lacks or names one two ways.
@Suite("One error set: docs/integration.md's table holds for libtimepicker and the Swift library")
struct ErrorTableTests {
    /// A row of the table: `| `nick` | `C` | `.swift` | when |`.
    struct Row: Equatable, CustomStringConvertible {
        let nick: String
        let cName: String
        let swiftName: String
        var description: String { "\(nick) \(cName) \(swiftName)" }
    }

    /// Each Swift code by the name the table gives it: a row naming a code the library lacks
    /// does not compile, and one naming it wrongly fails below.
    static let swiftCodes: [String: TimePickerError.Code] = [
        ".user": .user, ".timeout": .timeout, ".caller": .caller, ".shutdown": .shutdown, ".unavailable": .unavailable,
        ".serviceUnavailable": .serviceUnavailable, ".vanished": .vanished, ".otherUser": .otherUser,
        ".invalidReply": .invalidReply, ".invalidArgs": .invalidArgs, ".limitsExceeded": .limitsExceeded,
        ".alreadyShowing": .alreadyShowing, ".interrupted": .interrupted, ".failed": .failed,
    ]

    /// The table's rows, in order, from the section that holds it.
    static func tableRows() throws -> [Row] {
        let text = try String(contentsOfFile: RepositoryFiles.path("docs/integration.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Why a pick gave no range"), "docs/integration.md has no error table section")
        var rows: [Row] = []
        for line in text[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, cells[1].hasPrefix("`"), !cells[1].hasPrefix("`nick") else { continue }
            let unquoted = cells[1...3].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            rows.append(Row(nick: unquoted[0], cName: unquoted[1], swiftName: unquoted[2]))
        }
        return rows
    }

    @Test("The Swift library's codes are the table's, in its order, with its nicks and names")
    func swiftLibrary() throws {
        let rows = try Self.tableRows()
        #expect(rows.count >= 14, "the table has \(rows.count) rows")
        #expect(TimePickerError.Code.allCodes.map(\.nick) == rows.map(\.nick))
        for row in rows {
            let code = try #require(Self.swiftCodes[row.swiftName], "the table names \(row.swiftName), which the test does not know")
            #expect(code.nick == row.nick, "\(row.swiftName) is \(code.nick) in Swift, \(row.nick) in the table")
        }
    }

    @Test("libtimepicker's TIME_PICKER_ERROR codes are the table's, with its nicks and names, through GObject introspection")
    func cLibrary() throws {
        let build = RepositoryFiles.path(".build/lib")
        try #require(FileManager.default.fileExists(atPath: build + "/TimePicker-1.0.typelib"), "the library is not built: make lib (make test builds it)")
        let script = """
            import gi
            gi.require_version("TimePicker", "1.0")
            from gi.repository import TimePicker
            for value in sorted(TimePicker.Error.__enum_values__.values(), key=int):
                print(int(value), value.value_nick, value.value_name)
            """
        let run = try CapturedCommand.run(
            "/usr/bin/python3", ["-c", script], environment: ["LD_LIBRARY_PATH": build, "GI_TYPELIB_PATH": build, "PATH": "/usr/bin:/bin"],
            directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        try #require(run.termination == .exited(0), "python3: \(run.stderr)")
        let values = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let byNick = Dictionary(values.map { ($0[1], $0[2]) }, uniquingKeysWith: { first, _ in first })
        let rows = try Self.tableRows()
        #expect(Set(byNick.keys) == Set(rows.map(\.nick)), "C: \(values), table: \(rows)")
        for row in rows {
            #expect(byNick[row.nick] == "TIME_PICKER_ERROR_" + row.cName, "\(row.nick) is \(byNick[row.nick] ?? "missing") in C, \(row.cName) in the table")
        }
        // Numbers of the codes an older app knows stay as they were: new ones only go at the end.
        let numbers = Dictionary(values.map { ($0[1], Int($0[0]) ?? -1) }, uniquingKeysWith: { first, _ in first })
        #expect(numbers["user"] == 0 && numbers["failed"] == 11, "the first and twelfth codes moved: \(values)")
    }
}
