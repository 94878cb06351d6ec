internal import CGtk
internal import TimePickerCore

/// What a key pressed in a column of the dialog means, for keys the dialog handles itself
/// rather than leaving them to GtkListBox (which would move its own selection).
enum ColumnKey: Equatable {
    /// Ask the daemon to move the focused column.
    case event(PickerEvent)
    /// Move the keyboard focus to the other column (Left, Right).
    case otherColumn
    /// Move the keyboard focus to the next (Tab) or previous (Shift-Tab) part of the dialog:
    /// GtkListBox would move it from row to row instead.
    case tab(forward: Bool)

    /// The meaning of `keyval` with `modifiers`; nil for keys GTK should handle (Enter,
    /// Escape, other letters, anything with Ctrl or Alt). Digits, ':' and the letters of
    /// "am"/"pm" type a time (`TypedTime`), Backspace takes one back.
    init?(keyval: UInt32, modifiers: GdkModifierType) {
        guard modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return nil }
        let shifted = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: self = .tab(forward: !shifted)
        case GDK_KEY_ISO_Left_Tab: self = .tab(forward: false)
        case GDK_KEY_Up, GDK_KEY_KP_Up: self = .event(.move(by: -1))
        case GDK_KEY_Down, GDK_KEY_KP_Down: self = .event(.move(by: 1))
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .event(.moveByHour(-1))
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .event(.moveByHour(1))
        case GDK_KEY_Home, GDK_KEY_KP_Home: self = .event(.moveToFirst)
        case GDK_KEY_End, GDK_KEY_KP_End: self = .event(.moveToLast)
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right: self = .otherColumn
        case GDK_KEY_BackSpace: self = .event(.erase)
        default:
            // Keypad digits type as the row's do.
            let unicode = gdk_keyval_to_unicode(keyval)
            guard unicode != 0, let scalar = Unicode.Scalar(unicode), TypedTime.accepts(Character(scalar)) else { return nil }
            self = .event(.type(Character(scalar)))
        }
    }
}
