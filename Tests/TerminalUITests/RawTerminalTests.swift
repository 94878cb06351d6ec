import EventLoop
import SystemKit
import Glibc
import Testing
import TerminalUI

/// A pseudo-terminal pair, closed on deinit; tests drive the terminal (slave) side.
private final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32

    init() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
            throw SystemError("openpty")
        }
        self.controller = controller
        self.terminal = terminal
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// Writes `text` on the terminal side and returns what the terminal emulator's side reads:
    /// `count` bytes, or what came within 5 s.
    func written(_ text: String, expecting count: Int) -> String {
        _ = text.withCString { write(terminal, $0, strlen($0)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while received.count < count, poll(&ready, 1, 5000) > 0 {
            let got = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            received += buffer.prefix(got)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The terminal side's current settings.
    func attributes() -> termios {
        var settings = termios()
        _ = tcgetattr(terminal, &settings)
        return settings
    }
}

private func isSet(_ flags: tcflag_t, _ flag: Int32) -> Bool {
    flags & tcflag_t(flag) != 0
}

/// The flag words of two settings, for comparing them whole.
private func flagWords(_ settings: termios) -> [tcflag_t] {
    [settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag]
}

@Suite("RawTerminal")
struct RawTerminalTests {
    @Test("raw mode turns off line editing, echo and newline translation but keeps signals and output processing")
    func rawMode() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        #expect(isSet(before.c_lflag, ICANON) && isSet(before.c_lflag, ECHO))

        let terminal = try RawTerminal(fileDescriptor: pty.terminal)
        #expect(!terminal.isRaw)
        try terminal.enterRawMode()
        #expect(terminal.isRaw)

        let raw = pty.attributes()
        #expect(!isSet(raw.c_lflag, ICANON))
        #expect(!isSet(raw.c_lflag, ECHO))
        #expect(!isSet(raw.c_lflag, IEXTEN))
        #expect(isSet(raw.c_lflag, ISIG))
        #expect(!isSet(raw.c_iflag, IXON))
        #expect(!isSet(raw.c_iflag, ICRNL))
        #expect(isSet(raw.c_oflag, OPOST))
        #expect(!isSet(raw.c_oflag, ONLCR))
        let (vmin, vtime) = withUnsafeBytes(of: raw.c_cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
        #expect(vmin == 1)
        #expect(vtime == 0)

        terminal.restore()
        #expect(!terminal.isRaw)
        #expect(flagWords(pty.attributes()) == flagWords(before))

        terminal.restore()
        #expect(flagWords(pty.attributes()) == flagWords(before))
    }

    @Test("in raw mode a frame's bytes reach the terminal as written, in one piece; the settings come back whole")
    func rawOutput() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        #expect(pty.written("a\n", expecting: 3) == "a\r\n")

        let terminal = try RawTerminal(fileDescriptor: pty.terminal)
        try terminal.enterRawMode()
        // With ONLCR the kernel would send "\r\r\n", pushing the text before each newline apart.
        #expect(pty.written("b\r\nc\r\n", expecting: 6) == "b\r\nc\r\n")

        terminal.restore()
        #expect(pty.written("d\n", expecting: 3) == "d\r\n")
        let after = pty.attributes()
        #expect(flagWords(after) == flagWords(before))
        #expect(withUnsafeBytes(of: after.c_cc, Array.init) == withUnsafeBytes(of: before.c_cc, Array.init))
    }

    @Test("raw mode can be entered again after restoring")
    func reenter() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        let terminal = try RawTerminal(fileDescriptor: pty.terminal)
        for _ in 0..<2 {
            try terminal.enterRawMode()
            #expect(!isSet(pty.attributes().c_lflag, ICANON))
            terminal.restore()
            #expect(flagWords(pty.attributes()) == flagWords(before))
        }
    }

    @Test("deinit restores the terminal")
    func deinitRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        do {
            let terminal = try RawTerminal(fileDescriptor: pty.terminal)
            try terminal.enterRawMode()
            #expect(!isSet(pty.attributes().c_lflag, ECHO))
        }
        #expect(flagWords(pty.attributes()) == flagWords(before))
    }

    @Test("window size, with 80x24 when the terminal reports zero")
    func windowSize() throws {
        let pty = try PseudoTerminal()
        let terminal = try RawTerminal(fileDescriptor: pty.terminal)
        #expect(terminal.windowSize() == (columns: 80, rows: 24))

        var size = winsize(ws_row: 40, ws_col: 132, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &size) == 0)
        #expect(terminal.windowSize() == (columns: 132, rows: 40))
    }

    @Test("a pipe is not a terminal")
    func pipeThrows() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let error = try #require(throws: SystemError.self) { try RawTerminal(fileDescriptor: fds[0]) }
        #expect(error.call == "isatty")
        #expect(error.errno == ENOTTY)
        #expect(error.description.hasPrefix("isatty: "))
    }

    @Test("a closed descriptor is not a terminal")
    func badDescriptor() {
        #expect(throws: SystemError.self) { try RawTerminal(fileDescriptor: -1) }
    }
}
