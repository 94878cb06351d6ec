import Foundation
import Glibc
import TestHarness
import Testing

/// Who asks, where no title can push it away (issue 43): the terminal picker, the daemon's and
/// a caller's lent by `timepickerctl`, read through a terminal emulator, with a title that
/// claims another app asked and fills the line with spaces.
@Suite("Who asks: on a line of its own, whatever the title")
struct RequesterScreenTests {
    /// A title that says who asks, then fills an 80-column line.
    static let spoofingTitle = "Backup · Asked by Firefox" + String(repeating: " ", count: 90)

    /// "Asked by “NAME”, as the program calls itself": a process named by its executable.
    static func claimed(_ name: String) -> String { "Asked by “\(name)”, as the program calls itself" }

    @Test("The daemon's terminal: the real requester has a line of its own under the spoofing title")
    func daemonTerminal() throws {
        let fixture = try Fixture()
        let screen = TerminalScreen(try fixture.screen, columns: 80, rows: 24)
        _ = try fixture.client.showTimePicker(["title": .string(Self.spoofingTitle)])
        let asked = Self.claimed(ProcessInfo.processInfo.processName)
        let shown = try screen.waitFor("Enter OK")
        let lines = screen.lines
        let title = try #require(lines.firstIndex { $0.hasPrefix("Backup · Asked by Firefox") }, "screen:\n\(shown)")
        #expect(lines.indices.contains(title + 1) && lines[title + 1] == asked, "screen:\n\(shown)")
        screen.terminal.type("q")
    }

    @Test("timepickerctl on its terminal: the real requester shown at every size, on its own line or leading the title's",
          arguments: [(80, 24), (80, 7), (40, 5)] as [(Int, Int)])
    func callerTerminal(columns: Int, rows: Int) throws {
        let caller = try CallerTerminal(columns: columns, rows: rows)
        let client = try caller.client(["pick", "--title", Self.spoofingTitle])
        let shown = try caller.screen.waitFor("Enter OK")
        let lines = caller.screen.lines
        let asked = Self.claimed("timepickerctl")
        // The whole line where it fits, else as much as the width leaves, the name whole.
        let seen = String(asked.prefix(columns - 2))
        #expect(seen.contains("“timepickerctl”"))
        let requesterLine = lines.firstIndex { $0.hasPrefix(seen) }
        #expect(requesterLine != nil, "\(columns)x\(rows):\n\(shown)")
        if rows >= 24 {
            // Inline: the selection, the title, then who asked.
            #expect(lines.firstIndex { $0.hasPrefix("Backup") }.map { $0 + 1 } == requesterLine, "\(columns)x\(rows):\n\(shown)")
        }
        CallerTerminalPickerTests.expectNoLineTooLong(caller.screen)
        caller.pty.type("q")
        #expect(try client.waitForExit() == .exited(1))
    }
}
