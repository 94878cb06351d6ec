import Foundation
import Glibc
import TestHarness

/// Orca 43, GNOME's screen reader, on a virtual display's accessibility bus, headless: what it
/// would say is read from its debug log ("SPEECH OUTPUT:" lines), as ../shared/tools/screen-reader
/// does it, so no audio is needed. Its speech server (speech-dispatcher, which Orca starts) is
/// given the dummy module, which answers at once: with espeak-ng and no sound card it never
/// answers, and Orca stops speaking after its first words.
///
/// Orca runs once per Unix user (it refuses to start beside another Orca of the same user), so
/// the suites that use it run in `make test-desktops`, one test at a time.
final class ScreenReader {
    private let orca: ChildProcess
    private let directory: URL
    private let log: URL

    /// Desktops/orca-wrap.py: runs Orca with its debug log line-buffered.
    static let wrapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Desktops/orca-wrap.py").path

    /// Starts Orca for `display`, and returns once it has spoken ("Screen reader on").
    init(on display: VirtualDisplay) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") else {
            throw HarnessError("Orca is not installed: `make test-desktops` installs what the desktop tests need")
        }
        directory = try makeTemporaryDirectory(prefix: "screen-reader")
        log = directory.appendingPathComponent("orca.log")
        for path in ["prefs", "config/speech-dispatcher", "cache", "data", "run"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        chmod(directory.appendingPathComponent("run").path, 0o700)
        try """
            AddModule "dummy" "sd_dummy" ""
            DefaultModule dummy
            """.write(to: directory.appendingPathComponent("config/speech-dispatcher/speechd.conf"), atomically: true, encoding: .utf8)
        var environment = display.environment
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["XDG_RUNTIME_DIR"] = directory.appendingPathComponent("run").path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["HOME"] = directory.path
        orca = try startLogged(
            ["/usr/bin/python3", Self.wrapper, "-u", directory.appendingPathComponent("prefs").path, "--debug-file=" + log.path],
            environment: environment, logFile: directory.appendingPathComponent("orca.out"))
        try waitUntil("Orca to speak", seconds: 30) { [self] in
            guard orca.isRunning else { throw HarnessError("Orca ended: \(logText(directory.appendingPathComponent("orca.out")))") }
            return !spoken().isEmpty
        }
    }

    deinit {
        orca.stop()
        // speech-dispatcher, which Orca started in a session of its own, says where it is.
        let pidFile = directory.appendingPathComponent("run/speech-dispatcher/pid").path
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGTERM)
        }
    }

    /// Everything Orca said so far, one utterance a line.
    func spoken() -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "SPEECH OUTPUT: ") else { return nil }
            var said = line[range.upperBound...]
            if let end = said.range(of: "{'established'") { said = said[..<end.lowerBound] }
            return said.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
    }

    /// What Orca says after `action` (run now), once it has been quiet for `quiet` seconds
    /// (waiting `seconds` at most).
    func said(after action: () throws -> Void, quiet: Double = 3, seconds: Double = 20) throws -> [String] {
        let before = spoken().count
        try action()
        var last = before
        var quietSince = Date()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            usleep(100_000)
            let count = spoken().count
            if count != last {
                last = count
                quietSince = Date()
            } else if count > before, Date().timeIntervalSince(quietSince) >= quiet {
                break
            }
        }
        return Array(spoken().dropFirst(before))
    }
}
