import Foundation

/// What valgrind memcheck wrote about one run of the daemon (its `--log-file`), sorted the way
/// the leak check reports it: the summary lines, definite losses whose allocation is the
/// project's, losses inside libraries, and memcheck errors other than leaks.
struct ValgrindReport {
    /// valgrind's leak and error summary lines (with what the suppressions took out).
    let summary: [String]
    /// Each definite loss whose first frame past the allocators and the Swift runtime is in
    /// Sources/ (or a thunk the compiler made there), as valgrind wrote it.
    let ours: [[String]]
    /// Definite losses allocated inside a library (even when our code called it), per library:
    /// how many records and how many bytes.
    let libraries: [(library: String, records: Int, bytes: Int)]
    /// Errors other than leaks, as valgrind wrote them.
    let errors: [[String]]

    init(log text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.withoutPrefix)
        summary = lines.filter { line in
            ["definitely lost:", "indirectly lost:", "possibly lost:", "suppressed:", "ERROR SUMMARY:"].contains { line.contains($0) }
        }
        // valgrind separates its records with a line holding only its prefix.
        let records = lines.split(whereSeparator: { $0.allSatisfy(\.isWhitespace) }).map(Array.init)
        var ours: [[String]] = []
        var libraries: [String: (records: Int, bytes: Int)] = [:]
        for record in records where record.contains(where: { $0.contains("definitely lost in loss record") }) {
            switch Self.owner(of: record) {
            case .project:
                ours.append(record)
            case .library(let library):
                libraries[library, default: (0, 0)].records += 1
                libraries[library, default: (0, 0)].bytes += Self.bytes(of: record)
            }
        }
        self.ours = ours
        self.libraries = libraries.sorted { $0.key < $1.key }.map { ($0.key, $0.value.records, $0.value.bytes) }
        errors = records.filter { record in
            !record.contains { $0.contains("lost in loss record") } && record.contains { line in
                ["Invalid", "uninitialised", "Mismatched", "overlap", "Syscall param", "free()"].contains { line.contains($0) }
            }
        }
    }

    /// Whether the run is clean: nothing lost in the project's code and no other error.
    var isClean: Bool { ours.isEmpty && errors.isEmpty }

    /// `==1234== text` without valgrind's `==PID== ` prefix.
    private static func withoutPrefix(_ line: Substring) -> String {
        guard line.hasPrefix("=="), let end = line.dropFirst(2).range(of: "== ") ?? line.dropFirst(2).range(of: "==") else {
            return String(line)
        }
        return String(line[end.upperBound...])
    }

    /// Allocators and wrappers whose frames say nothing about who allocated.
    private static let allocators = [
        "malloc", "calloc", "realloc", "memalign", "posix_memalign", "operator new", "strdup", "g_malloc", "g_malloc0",
        "g_realloc", "g_slice_alloc", "g_slice_alloc0", "g_strdup", "dbus_malloc", "dbus_malloc0",
    ]

    /// Who allocated a lost block.
    private enum Owner {
        case project
        /// The library's file name, or the frame that says nothing more ("?" for none).
        case library(String)
    }

    /// Who allocated a loss: the first frame past the allocators and the Swift runtime.
    private static func owner(of record: [String]) -> Owner {
        for line in record where line.contains("at 0x") || line.contains("by 0x") {
            // "   by 0x4A1B2C3: function (file:line)" or "…: function (in /usr/lib/…/library.so)".
            let function = line.split(separator: ":", maxSplits: 1).dropFirst().first.map {
                String($0.drop { $0 == " " }.prefix { $0 != " " && $0 != "(" })
            } ?? ""
            if allocators.contains(function) || line.contains(": operator new") { continue }
            if function.hasPrefix("swift_") && function.lowercased().contains("alloc") { continue }
            if let library = library(in: line), library.hasPrefix("libswift"), library.contains(".so") { continue }
            if line.contains("(Sources/") || line.contains("(//<compiler-generated>") { return .project }
            return .library(library(in: line) ?? line.trimmingCharacters(in: .whitespaces))
        }
        return .library("?")
    }

    /// The file name in a frame's "(in /path/library.so)", if it has one.
    private static func library(in line: String) -> String? {
        guard let start = line.range(of: "(in ") else { return nil }
        let path = line[start.upperBound...].prefix { $0 != ")" }
        return String(path.split(separator: "/").last ?? path)
    }

    /// The bytes a loss record counts: "1,234 (24 direct, 1,210 indirect) bytes in …" is 1234.
    private static func bytes(of record: [String]) -> Int {
        guard let first = record.first(where: { $0.contains("definitely lost in loss record") }) else { return 0 }
        return Int(first.drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) ?? 0
    }
}
