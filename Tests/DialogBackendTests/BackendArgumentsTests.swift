@testable import DialogBackend
import Testing

/// A dialog backend's command line, as every toolkit's backend reads it.
@Suite("Backend command line")
struct BackendArgumentsTests {
    private func arguments(_ words: String...) throws -> BackendArguments {
        try BackendArguments(parsing: words)
    }

    private func refusal(_ words: String...) -> String? {
        do {
            _ = try BackendArguments(parsing: words)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Defaults: 30 s of idleness, quiet")
    func defaults() throws {
        let parsed = try arguments()
        #expect(parsed.configuration == BackendConfiguration())
        #expect(parsed.configuration.idleTimeoutSeconds == 30)
        #expect(!parsed.configuration.verbose && !parsed.showHelp && !parsed.showVersion)
    }

    @Test("Every option, in both spellings of a value")
    func options() throws {
        #expect(try arguments("--idle-timeout", "5").configuration.idleTimeoutSeconds == 5)
        #expect(try arguments("--idle-timeout=86400").configuration.idleTimeoutSeconds == 86_400)
        #expect(try arguments("--idle-timeout=0").configuration.idleTimeoutSeconds == 0)
        #expect(try arguments("-v").configuration.verbose)
        #expect(try arguments("--verbose").configuration.verbose)
        #expect(try arguments("--help").showHelp)
        #expect(try arguments("-h").showHelp)
        #expect(try arguments("--version").showVersion)
    }

    @Test("What cannot be understood is refused in one line naming the option")
    func refusals() {
        #expect(refusal("--idle-timeout", "86401") == "option '--idle-timeout' must be a whole number of seconds up to 86400, not '86401'")
        #expect(refusal("--idle-timeout=-1")?.contains("'-1'") == true)
        #expect(refusal("--idle-timeout=1.5")?.contains("'1.5'") == true)
        #expect(refusal("--idle-timeout") != nil)
        #expect(refusal("--verbose=yes") != nil)
        #expect(refusal("--bogus") == "unknown option '--bogus'")
        #expect(refusal("extra") != nil)
    }

    @Test("The help names the program and says what it is between the synopsis and the options")
    func usage() {
        let help = BackendArguments.usage(program: "timepickerd-qt", description: "The Qt dialog backend.")
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Usage: timepickerd-qt [--idle-timeout SECONDS] [--verbose] [--version] [--help]")
        #expect(lines.dropFirst().first == "")
        #expect(lines.dropFirst(2).first == "The Qt dialog backend.")
        for option in ["--idle-timeout SECONDS", "--verbose", "--version", "--help"] {
            #expect(help.contains("  \(option)"), "\(option)")
        }
        #expect(!help.hasSuffix("\n"))
    }
}
