internal import Glibc
internal import SystemKit

/// The terminal a program shows a picker on: its stdin when that is one, otherwise its
/// controlling terminal (`/dev/tty`), as fzf and gum do, so that `echo … | prog` and `$(prog)`
/// still show it to the person.
package enum CallerTerminal {
    /// The terminal, saved to be restored; nil when the program has none.
    package static func borrow() -> BorrowedTerminal? {
        guard let lent = LentTerminal.descriptor(for: STDIN_FILENO) ?? LentTerminal.controllingTerminal() else { return nil }
        if let terminal = BorrowedTerminal(descriptor: lent.descriptor, closeWhenRestored: lent.opened) { return terminal }
        if lent.opened { close(lent.descriptor) }
        return nil
    }

    /// Whether the program is a background job on `terminal` (`prog &`), whose picker waits
    /// there until the job is brought to the foreground, as a job that reads its terminal is
    /// stopped.
    package static func isWaitingForForeground(_ terminal: BorrowedTerminal) -> Bool {
        guard let device = DeviceNumber(ofDeviceOpenOn: terminal.descriptor), let process = ProcessStatus.current(),
              process.controllingTerminal == device
        else { return false }
        return !process.isInTerminalForeground
    }
}
