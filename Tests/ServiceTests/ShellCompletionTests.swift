import Foundation
import Glibc
import TestHarness
import Testing

/// The shell completions in completions/: bash's driven as bash-completion drives it, fish's
/// asked with `complete -C`, zsh's parsed; and all three offer every option `--help` lists.
@Suite("Shell completions of timepickerctl")
struct ShellCompletionTests {
    static let bashFile = RepositoryFiles.path("completions/timepickerctl.bash")
    static let fishFile = RepositoryFiles.path("completions/timepickerctl.fish")
    static let zshFile = RepositoryFiles.path("completions/_timepickerctl")

    /// What bash completes for a command line as typed (the cursor at its end), split into
    /// words the way bash splits them (with "=" a word of its own, as COMP_WORDBREAKS says).
    static func bashCompletions(_ words: [String], line: String) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source /usr/share/bash-completion/bash_completion
            source '\(bashFile)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _timepickerctl timepickerctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runShell("/bin/bash", ["-c", script])
        return result.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// What fish completes for `line`: the candidates without their descriptions.
    static func fishCompletions(_ line: String) throws -> [String] {
        let result = try runShell("/usr/bin/fish", ["--no-config", "-c", "source '\(fishFile)'; complete -C '\(line)'"])
        return result.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    static func runShell(_ shell: String, _ arguments: [String]) throws -> String {
        let directory = try makeTemporaryDirectory(prefix: "completion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CapturedCommand.run(shell, arguments, environment: ProcessInfo.processInfo.environment, directory: directory)
        guard result.termination == .exited(0), result.stderr.isEmpty else {
            throw HarnessError("\(shell) \(arguments) ended \(result.termination): \(result.stderr)")
        }
        return result.stdout
    }

    /// The long options `timepickerctl COMMAND --help` lists.
    static func helpOptions(_ command: String) throws -> Set<String> {
        let directory = try makeTemporaryDirectory(prefix: "completion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let help = try CapturedCommand.run(
            ClientHarness.binary, [command, "--help"], environment: ProcessInfo.processInfo.environment, directory: directory)
        let words = help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" })
        return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
    }

    @Test("bash: registered for timepickerctl; completes commands, options and the values of --clock, --ui, --format, --date and --time-zone")
    func bash() throws {
        let registered = try Self.runShell(
            "/bin/bash", ["-c", "source /usr/share/bash-completion/bash_completion; source '\(Self.bashFile)'; complete -p timepickerctl"])
        #expect(registered == "complete -F _timepickerctl timepickerctl\n")

        #expect(try Self.bashCompletions(["timepickerctl", ""], line: "timepickerctl ")
            == ["pick", "monitor", "status", "help", "--help", "--version"])
        #expect(try Self.bashCompletions(["timepickerctl", "mo"], line: "timepickerctl mo") == ["monitor"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--c"], line: "timepickerctl pick --c") == ["--clock"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--clock", ""], line: "timepickerctl pick --clock ") == ["12h", "24h"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--clock", "=", "2"], line: "timepickerctl pick --clock=2") == ["24h"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--ui", ""], line: "timepickerctl pick --ui ") == ["dialog", "notification", "terminal"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--ui", "=", "d"], line: "timepickerctl pick --ui=d") == ["dialog"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--start", "09"], line: "timepickerctl pick --start 09") == ["09:00"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--format", ""], line: "timepickerctl pick --format ") == ["hm", "iso8601", "epoch"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--date", "to"], line: "timepickerctl pick --date to") == ["today", "tomorrow"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--time-zone", "Europe/Berl"], line: "timepickerctl pick --time-zone Europe/Berl")
            == ["Europe/Berlin"])
        #expect(try Self.bashCompletions(["timepickerctl", "pick", "--title", ""], line: "timepickerctl pick --title ").isEmpty)
        #expect(try Self.bashCompletions(["timepickerctl", "monitor", "-"], line: "timepickerctl monitor -") == ["--verbose", "--help", "--version"])
        #expect(try Self.bashCompletions(["timepickerctl", "help", ""], line: "timepickerctl help ") == ["pick", "monitor", "status"])
    }

    @Test("bash, zsh and fish offer every option the client's --help lists", arguments: ["pick", "monitor", "status"])
    func everyOption(_ command: String) throws {
        let options = try Self.helpOptions(command)
        try #require(options.contains("--help"), "\(command) --help lists \(options)")
        let bash = Set(try Self.bashCompletions(["timepickerctl", command, "--"], line: "timepickerctl \(command) --"))
        #expect(bash == options, "bash offers \(bash.sorted()) for \(command); --help lists \(options.sorted())")
        let fish = Set(try Self.fishCompletions("timepickerctl \(command) --"))
        #expect(fish == options, "fish offers \(fish.sorted()) for \(command); --help lists \(options.sorted())")
        let zsh = try String(contentsOfFile: Self.zshFile, encoding: .utf8)
        for option in options {
            #expect(zsh.contains("'\(option)") || zsh.contains(",\(option)}"), "the zsh completion lacks \(option)")
        }
    }

    @Test("fish: completes commands and the values of --clock, --ui, --format, --date and --time-zone")
    func fish() throws {
        #expect(try Self.fishCompletions("timepickerctl ").sorted() == ["help", "monitor", "pick", "status"])
        #expect(try Self.fishCompletions("timepickerctl pick --clock ") == ["12h", "24h"])
        #expect(try Self.fishCompletions("timepickerctl pick --ui ").sorted() == ["dialog", "notification", "terminal"])
        #expect(try Self.fishCompletions("timepickerctl pick --format ").sorted() == ["epoch", "hm", "iso8601"])
        #expect(try Self.fishCompletions("timepickerctl pick --date ").sorted() == ["today", "tomorrow"])
        #expect(try Self.fishCompletions("timepickerctl pick --time-zone Pacific/Kiri") == ["Pacific/Kiritimati"])
        #expect(try Self.fishCompletions("timepickerctl pick --last 2").sorted() == ["20:00", "21:00", "22:00", "23:00", "24:00"])
    }

    @Test("zsh and fish read their files without a syntax error")
    func parse() throws {
        _ = try Self.runShell("/usr/bin/zsh", ["-n", Self.zshFile])
        _ = try Self.runShell("/usr/bin/fish", ["--no-config", "-n", Self.fishFile])
        _ = try Self.runShell("/bin/bash", ["-n", Self.bashFile])
    }
}
