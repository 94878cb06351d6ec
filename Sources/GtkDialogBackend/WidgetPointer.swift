internal import CGtk
internal import DialogBackend

/// A GTK widget, as the `GtkWidget *` GTK's constructors return.
typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The same object as another GObject type with a public struct (`GtkBox`, `GtkWindow`):
    /// what GTK's cast macros (`GTK_BOX()`, `GTK_WINDOW()`) do; they do not import.
    func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(OpaquePointer(self)) }

    /// The same object as a type GTK keeps opaque (`GtkListBox *`, `GtkLabel *`, `GtkAccessible *`).
    var opaque: OpaquePointer { OpaquePointer(self) }

    /// The object as a `gpointer`, for `g_signal_connect_data`.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }

    /// Sets the name a screen reader reads (`GTK_ACCESSIBLE_PROPERTY_LABEL`); the variadic
    /// `gtk_accessible_update_property` does not import, its `_value` form does.
    @MainActor
    func setAccessibleLabel(_ label: String) {
        setAccessibleString(GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    /// Sets the accessible description a screen reader reads after the name.
    @MainActor
    func setAccessibleDescription(_ description: String) {
        setAccessibleString(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
    }

    /// Sets a label's text, and the name a screen reader reads for it: the text without the
    /// isolates that keep a right-to-left line in order (`DialogText.spoken`), which a speech
    /// synthesizer would name. The text itself keeps them.
    @MainActor
    func setLabelText(_ text: String) {
        gtk_label_set_text(opaque, text)
        let spoken = DialogText.spoken(text)
        if spoken != text { setAccessibleLabel(spoken) }
    }

    /// Takes the widget out of the accessible tree (`GTK_ACCESSIBLE_STATE_HIDDEN`), or puts it
    /// back: for what is on screen but says nothing, or is laid out but not shown.
    @MainActor
    func setAccessibleHidden(_ hidden: Bool) {
        var value = GValue()
        g_value_init(&value, cgtk_type_boolean())
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(opaque, 1, &state, &value)
        g_value_unset(&value)
    }

    @MainActor
    private func setAccessibleString(_ property: GtkAccessibleProperty, _ text: String) {
        var value = GValue()
        g_value_init(&value, cgtk_type_string())
        g_value_set_string(&value, text)
        var property = property
        gtk_accessible_update_property_value(opaque, 1, &property, &value)
        g_value_unset(&value)
    }

    /// This widget and every widget inside it, depth first.
    @MainActor
    var descendants: [Widget] {
        var widgets = [self]
        var child = gtk_widget_get_first_child(self)
        while let current = child {
            widgets += current.descendants
            child = gtk_widget_get_next_sibling(current)
        }
        return widgets
    }

    /// Whether the widget is a `type` (`gtk_button_get_type()`…); GTK_IS_BUTTON() and friends are macros.
    @MainActor
    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(cast(to: GTypeInstance.self), type) != 0
    }

    /// Whether the keyboard focus is on this widget or inside it.
    @MainActor
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(self), let focus = gtk_root_get_focus(root) else { return false }
        return focus == self || gtk_widget_is_ancestor(focus, self) != 0
    }
}
