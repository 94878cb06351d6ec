internal import EventLoop
internal import Glibc
public import TimePickerCore
internal import SystemKit

/// Makes the front end for a terminal a caller lent: given the daemon's own descriptor for it
/// (read-write, non-blocking) and a name for it in the log. It throws when it cannot use it.
public typealias CallerTerminalFrontEndFactory = (_ descriptor: Int32, _ name: String) throws -> any CallerTerminalFrontEnd

/// Callers' terminals (the `terminal` option) that sessions are shown on: one front end per
/// terminal device, so that sessions sharing a terminal take turns on it, and each terminal's
/// descriptor is closed when its last session ends.
final class CallerTerminals {
    /// One terminal in use: the daemon's own descriptor for it and the front end drawing on it.
    final class Terminal {
        let device: DeviceNumber
        let descriptor: Int32
        let frontEnd: any CallerTerminalFrontEnd
        var sessions: Set<PickerSessionID> = []

        init(device: DeviceNumber, descriptor: Int32, frontEnd: any CallerTerminalFrontEnd) {
            self.device = device
            self.descriptor = descriptor
            self.frontEnd = frontEnd
        }
    }

    private let makeFrontEnd: CallerTerminalFrontEndFactory
    private var byDevice: [DeviceNumber: Terminal] = [:]
    /// Receives the reports of every terminal's front end.
    weak var delegate: (any PickerFrontEndDelegate)?

    init(makeFrontEnd: @escaping CallerTerminalFrontEndFactory) {
        self.makeFrontEnd = makeFrontEnd
    }

    /// How many callers' terminals are in use.
    var count: Int { byDevice.count }

    /// The terminal behind `received` (a descriptor from a caller), ready for a session; throws
    /// InvalidArgs when it is no terminal the daemon can use, LimitsExceeded when the daemon has
    /// no descriptor to spare for it.
    ///
    /// The daemon opens the terminal anew rather than keeping the caller's descriptor: a
    /// descriptor of its own can be made non-blocking without changing the caller's.
    func terminal(for received: Int32) throws(ServiceError) -> Terminal {
        let device = try TerminalDescriptor.check(received)
        if let existing = byDevice[device] { return existing }
        if let shortage = DescriptorBudget.shortage() {
            throw .limitsExceeded("no more callers' terminals for now: \(shortage)")
        }
        let descriptor = try reopen(received, device: device)
        do {
            let frontEnd = try makeFrontEnd(descriptor, "terminal \(device)")
            frontEnd.delegate = delegate
            let terminal = Terminal(device: device, descriptor: descriptor, frontEnd: frontEnd)
            byDevice[device] = terminal
            return terminal
        } catch {
            close(descriptor)
            throw .invalidArgs("option 'terminal': \(error)")
        }
    }

    /// Records that `session` is shown on `terminal`.
    func attach(_ session: PickerSessionID, to terminal: Terminal) {
        terminal.sessions.insert(session)
    }

    /// Forgets `session`; a terminal with no sessions left is given back and closed.
    func release(_ session: PickerSessionID, from terminal: Terminal) {
        terminal.sessions.remove(session)
        guard terminal.sessions.isEmpty, terminal.frontEnd.isIdle else { return }
        terminal.frontEnd.shutdown {}
        close(terminal.descriptor)
        byDevice[terminal.device] = nil
    }

    /// Every terminal's front end, to take them down at shutdown.
    var frontEnds: [any PickerFrontEnd] { byDevice.values.map(\.frontEnd) }

    /// Opens the terminal device behind `received` for the daemon alone, non-blocking.
    private func reopen(_ received: Int32, device: DeviceNumber) throws(ServiceError) -> Int32 {
        if let reopened = reopenNonBlocking(received) {
            // /proc/self/fd/N opens the same inode, which for a terminal device is the same
            // terminal; should it ever be another (a device that depends on who opens it),
            // the caller's own open file is used instead.
            if DeviceNumber(ofDeviceOpenOn: reopened) == device { return reopened }
            close(reopened)
        }
        // Without /proc, share the caller's open file: it is then non-blocking for the caller
        // too, until the caller puts its terminal back (timepickerctl does).
        let duplicate = fcntl(received, F_DUPFD_CLOEXEC, 3)
        guard duplicate >= 0 else { throw .failed("cannot use the terminal: \(SystemError("dup"))") }
        _ = fcntl(duplicate, F_SETFL, fcntl(duplicate, F_GETFL) | O_NONBLOCK)
        return duplicate
    }
}
