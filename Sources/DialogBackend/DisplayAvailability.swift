/// Whether the backend's toolkit could open a display, so that dialogs can be shown at all.
package enum DisplayAvailability: Sendable {
    case available
    /// No display could be opened: every ShowPicker answers 2 with this reason, at once, so the
    /// daemon learns why rather than seeing the backend's name vanish.
    case unavailable(String)
}
