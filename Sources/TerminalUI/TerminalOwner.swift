/// Whose terminal a front end draws on.
public enum TerminalOwner: Sendable {
    /// The daemon's own: restored even when the daemon crashes, and used only while the daemon
    /// is in the terminal's foreground.
    case daemon
    /// A caller's (the `terminal` option): each session is shown only while its caller's
    /// process group is in the terminal's foreground, and the caller restores the terminal.
    case caller
    /// timepickerctl's own (the client's), when it shows the picker itself (there is no session
    /// bus): drawn as on a caller's terminal, and restored even when timepickerctl crashes.
    case client

    /// Where pickers go: the daemon's own terminal is the daemon's alone while a picker is up;
    /// a shell goes on printing on its terminal after the picker, so the picker takes only
    /// lines below the cursor there and leaves the screen as it was.
    var placement: FramePlacement { self == .daemon ? .alternateScreen : .inline }

    /// Whether this process must put the terminal back when it dies of a fault: nobody else
    /// would (a caller restores its own terminal; timepickerctl does).
    var restoresOnCrash: Bool { self != .caller }
}
