import Foundation
import Glibc
import Synchronization

/// A real pseudo-terminal: the daemon gets the terminal side as stdin and stdout, the test types
/// into the controller side and reads what the daemon drew.
///
/// A thread drains the controller all the time: a pty whose output nobody reads fills up and
/// would block the daemon's writes.
final class PseudoTerminal: Sendable {
    let controller: Int32
    /// The terminal side, kept open by the test so its mode can be checked after the daemon exits.
    let terminal: Int32
    private let output = Mutex<[UInt8]>([])
    /// The controller is closed by the drain thread itself once asked: closing it under a
    /// blocked read would not release it, so the daemon would never see the hang-up.
    private let controllerState = Mutex<(closeRequested: Bool, closed: Bool)>((false, false))
    private let terminalOpen = Mutex<Bool>(true)
    /// While set, nothing is read from the controller: the terminal's output fills up, as when
    /// a terminal emulator is suspended.
    private let drainingPaused = Mutex<Bool>(false)

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw HarnessError("openpty failed") }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        self.terminal = terminal
        let thread = Thread { [self] in drain() }
        thread.start()
    }

    /// Closes both sides.
    func close() {
        hangUp()
        terminalOpen.withLock { isOpen in
            if isOpen { Glibc.close(terminal) }
            isOpen = false
        }
    }

    /// Closes the controller side, as when a terminal emulator's window is closed; returns once
    /// it is closed.
    func hangUp() {
        controllerState.withLock { $0.closeRequested = true }
        try? waitUntil("the pseudo-terminal's controller to close") { controllerState.withLock { $0.closed } }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if controllerState.withLock({ $0.closeRequested }) {
                Glibc.close(controller)
                controllerState.withLock { $0.closed = true }
                return
            }
            if drainingPaused.withLock({ $0 }) {
                usleep(10_000)
                continue
            }
            // Short polls, so that a request to close is seen soon.
            var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20) > 0, ready.revents & Int16(POLLIN) != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            if count > 0 { output.withLock { $0.append(contentsOf: buffer[0..<count]) } }
        }
    }

    /// The terminal side's path, such as /dev/pts/3.
    var path: String {
        get throws {
            guard let name = ttyname(terminal) else { throw HarnessError("the pseudo-terminal has no name") }
            return String(cString: name)
        }
    }

    /// Stops reading what is written to the terminal, as a suspended terminal emulator does.
    func pauseDraining() { drainingPaused.withLock { $0 = true } }

    /// Reads the terminal's output again.
    func resumeDraining() { drainingPaused.withLock { $0 = false } }

    /// Types `text` as a person would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything the daemon wrote so far, raw.
    var rawOutput: [UInt8] { output.withLock { $0 } }

    /// The text of the latest frame: what the daemon wrote after its last cursor-home
    /// (every frame starts with one), with escape sequences removed.
    var currentScreen: String {
        let bytes = rawOutput
        let home: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "H")]
        var start = 0
        var index = bytes.count - home.count
        while index >= 0 {
            if Array(bytes[index..<index + home.count]) == home {
                start = index
                break
            }
            index -= 1
        }
        return plainText(String(decoding: bytes[start...], as: UTF8.self))
    }

    /// Waits until the screen shows `text`, and returns the screen.
    @discardableResult
    func waitForScreen(containing text: String, seconds: Double = 10) throws -> String {
        var seen = ""
        do {
            try waitUntil("the terminal to show '\(text)'", seconds: seconds) {
                seen = currentScreen
                return seen.contains(text)
            }
        } catch {
            throw HarnessError("\(error); the screen showed:\n\(seen)")
        }
        return seen
    }

    /// The terminal's current local-mode flags.
    func localModes() -> tcflag_t {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings.c_lflag
    }

    /// Whether the terminal is in ordinary line mode: echo and line editing on.
    var isCooked: Bool {
        let modes = localModes()
        return modes & tcflag_t(ICANON) != 0 && modes & tcflag_t(ECHO) != 0
    }
}

/// Terminal output with CSI and OSC escape sequences removed and CR LF turned into newlines.
func plainText(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        switch scalar {
        case "\u{1B}":
            guard let kind = scalars.next() else { break }
            if kind == "[" {
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            } else if kind == "]" {
                while let next = scalars.next(), next != "\u{07}", next != "\u{1B}" {}
            }
        case "\r":
            continue
        default:
            result.append(scalar)
        }
    }
    return String(result)
}
