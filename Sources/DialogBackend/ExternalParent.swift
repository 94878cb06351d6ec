internal import CGtk

extension ParentWindowID {
    /// Attaches the dialog's realized `surface` to this parent; false when it could not (no
    /// parent, another windowing system, a window that is gone): the dialog shows unparented.
    @MainActor
    func attach(to surface: OpaquePointer) -> Bool {
        switch self {
        case .none: false
        case .x11(let xid): ExternalParentX11(xid: xid).attach(to: surface)
        case .wayland(let handle): ExternalParentWayland(handle: handle).attach(to: surface)
        }
    }
}
