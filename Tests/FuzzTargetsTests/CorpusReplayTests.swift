import Foundation
import FuzzTargets
import Testing

/// Every input kept in Fuzz/corpus/<target>/ (the seeds, what libFuzzer found new coverage
/// with, and every input that once crashed) through the same entry points `make fuzz` runs:
/// a crash found once stays fixed. A broken promise stops this process, which fails the run.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    @Test("every kept input runs through its target", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let directory = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(!names.isEmpty, "\(directory.path) holds no inputs")
        for name in names {
            let input = try Data(contentsOf: directory.appendingPathComponent(name))
            input.withUnsafeBytes { target.run($0) }
        }
    }

    @Test("every target has a corpus, and every corpus a target")
    func directories() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(directories == FuzzTarget.allCases.map(\.rawValue).sorted())
    }
}
