internal import CGtk

/// The dialog's few style rules over libadwaita's: a selected time in the desktop's accent
/// colour, so that it cannot be mistaken for the row under the pointer.
///
/// libadwaita's `navigation-sidebar` selects a row with the text colour at 10 % over the
/// background (about 1.2:1 against an unselected row) and hovers it nearly the same. The
/// accent (`@accent_bg_color` on `@accent_fg_color`) follows the desktop's accent, dark and
/// high-contrast styles; against light and dark backgrounds it stands out by more than 3:1,
/// as WCAG asks of what a person must see to use a control. Hover stays the faint grey.
@MainActor
enum DialogStyle {
    /// The CSS class of a column's list, which the rules apply to.
    static let listClass = "time-slots"

    private static let rules = """
        listview.time-slots > row:selected { background-color: @accent_bg_color; color: @accent_fg_color; }
        listview.time-slots > row:selected:hover { background-color: mix(@accent_bg_color, @accent_fg_color, 0.1); }
        listview.time-slots > row:selected:focus-visible { outline-color: @accent_fg_color; outline-offset: -4px; }
        """

    /// Adds the rules for every window on the default display, once.
    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, rules, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
