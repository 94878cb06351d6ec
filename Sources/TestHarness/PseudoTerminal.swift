import Foundation
import Glibc
import Synchronization
internal import SystemKit

/// A real pseudo-terminal: the daemon (or a client) gets the terminal side as its stdin and
/// stdout, the harness types into the controller side and reads what was drawn.
///
/// A thread drains the controller all the time: a terminal whose output nobody reads fills up
/// and would block the writes of the program on it. It counts what it read and, unless told
/// not to, keeps it for `rawOutput` and the screen.
public final class PseudoTerminal: Sendable {
    public let controller: Int32
    /// The terminal side, kept open by the harness so its mode can be checked after the program exits.
    public let terminal: Int32
    private let keepsOutput: Bool
    private let output = Locked<[UInt8]>([])
    private let bytesRead = Atomic<Int>(0)
    /// Set from the moment the drain thread reads until what it read is kept.
    private let reading = Atomic<Bool>(false)
    /// The controller is closed by the drain thread itself once asked: closing it under a
    /// blocked read would not release it, so the program would never see the hang-up.
    private let controllerState = Locked<(closeRequested: Bool, closed: Bool)>((false, false))
    private let terminalOpen = Locked<Bool>(true)
    /// While set, nothing is read from the controller: the terminal's output fills up, as when
    /// a terminal emulator is suspended.
    private let drainingPaused = Locked<Bool>(false)

    /// A terminal of `columns` × `rows`; with `keepingOutput` false, what is drawn is only counted.
    public init(columns: UInt16 = 80, rows: UInt16 = 24, keepingOutput: Bool = true) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw HarnessError("openpty failed") }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        self.controller = controller
        self.terminal = terminal
        keepsOutput = keepingOutput
        let thread = Thread { [self] in drain() }
        thread.start()
    }

    /// Closes both sides.
    public func close() {
        hangUp()
        terminalOpen.withLock { isOpen in
            if isOpen { Glibc.close(terminal) }
            isOpen = false
        }
    }

    /// Closes the controller side, as when a terminal emulator's window is closed; returns once
    /// it is closed.
    public func hangUp() {
        controllerState.withLock { $0.closeRequested = true }
        try? waitUntil("the pseudo-terminal's controller to close") { controllerState.withLock { $0.closed } }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if controllerState.withLock({ $0.closeRequested }) {
                Glibc.close(controller)
                controllerState.withLock { $0.closed = true }
                return
            }
            if drainingPaused.withLock({ $0 }) {
                pause(seconds: 0.01)
                continue
            }
            // Short polls, so that a request to close is seen soon.
            var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20) > 0 else { continue }
            reading.store(true, ordering: .sequentiallyConsistent)
            defer { reading.store(false, ordering: .sequentiallyConsistent) }
            let count = ready.revents & Int16(POLLIN) != 0 ? buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) } : -1
            guard count > 0 else {
                // Nobody holds the terminal side open just now (between two programs on it).
                if ready.revents & Int16(POLLHUP) != 0 || (count < 0 && errno == EIO) { pause(seconds: 0.01) }
                continue
            }
            bytesRead.add(count, ordering: .relaxed)
            if keepsOutput { output.withLock { $0.append(contentsOf: buffer[0..<count]) } }
        }
    }

    /// The terminal side's path, such as /dev/pts/3.
    public var path: String {
        get throws {
            guard let name = terminalName(of: terminal) else { throw HarnessError("the pseudo-terminal has no name") }
            return name
        }
    }

    /// Waits until everything written to the terminal so far is read and kept: the drain thread
    /// reads in its own time, so what a program wrote just before it exited may not be in
    /// `rawOutput` yet (a slow machine, a sanitizer build).
    public func waitUntilDrained(seconds: Double = 10) throws {
        try waitUntil("the terminal's output to be read", seconds: seconds) {
            if drainingPaused.withLock({ $0 }) { return true }
            var unread: Int32 = 0
            // Nothing unread in the terminal, and no read whose bytes are not kept yet.
            return ioctl(controller, UInt(FIONREAD), &unread) != 0 || (unread == 0 && !reading.load(ordering: .sequentiallyConsistent))
        }
    }

    /// Stops reading what is written to the terminal, as a suspended terminal emulator does.
    public func pauseDraining() { drainingPaused.withLock { $0 = true } }

    /// Reads the terminal's output again.
    public func resumeDraining() { drainingPaused.withLock { $0 = false } }

    /// Types `text` as a person would.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// How many bytes were written to the terminal so far.
    public var bytesDrawn: Int { bytesRead.load(ordering: .relaxed) }

    /// Everything written to the terminal so far, raw (nothing without `keepingOutput`).
    public var rawOutput: [UInt8] { output.withLock { $0 } }

    /// What was written since the last `bytes` (every frame starts with one), raw.
    func rawOutput(sinceLast bytes: [UInt8]) -> [UInt8] {
        output.withLock { output in
            var index = output.count - bytes.count
            while index >= 0 {
                if output[index..<index + bytes.count].elementsEqual(bytes) { return Array(output[index...]) }
                index -= 1
            }
            return output
        }
    }
}
