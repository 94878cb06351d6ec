internal import CGtk
internal import DialogBackend

extension ParentWindowID {
    /// Attaches the dialog's realized `surface` to this parent; nil when it did, else why it
    /// could not (another windowing system, a window that is gone, a compositor without the
    /// protocol GTK speaks), for the daemon's log: the dialog then shows unparented.
    @MainActor
    func attach(to surface: OpaquePointer) -> String? {
        switch self {
        case .none: nil
        case .x11(let xid): ExternalParentX11(xid: xid).attach(to: surface)
        case .wayland(let handle): ExternalParentWayland(handle: handle).attach(to: surface)
        }
    }
}
