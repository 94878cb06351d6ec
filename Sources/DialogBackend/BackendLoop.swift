package import DBusKit

/// Work that waits until the main loop has nothing more urgent to do, in the order given here:
/// all waiting `build` work runs before any `tidy` work.
package enum IdleWork: Sendable {
    /// Building a dialog: after every message waiting on the bus connection has been dispatched
    /// and the toolkit has drawn what it had to (`DialogBuildQueue`).
    case build
    /// Giving memory back, after everything else (`MemoryTrim`).
    case tidy
}

/// The backend's main loop, as its toolkit-neutral part uses it: the toolkit's own loop (GTK's
/// is GLib's: `GtkDialogBackend.GLibConnectionDriver`), which drives the bus connection
/// (`ConnectionDriver`: timers, deferred work) and also runs work when it is idle.
///
/// Idle work is what keeps a flood of calls cheap: a call is only recorded while it is handled,
/// and a dialog is built when the loop has caught up with the bus, so a dialog whose Close
/// came first is never built. Everything runs on the main thread.
package protocol BackendLoop: ConnectionDriver {
    /// Calls `work` once, when the loop has nothing more urgent than `kind` to do, unless the
    /// returned handle is cancelled first.
    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer
}
