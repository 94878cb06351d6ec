internal import CGtk

/// AdwMessageDialog's response buttons, which it keeps to itself (two of each, for its wide
/// and narrow layouts), each with whether it is OK: found once, after they are made, and
/// mended for a screen reader (libadwaita 1.2 on GTK 4.8).
@MainActor
struct ResponseButtons {
    /// Every response button, each with whether it is OK.
    let all: [(button: Widget, isOK: Bool)]

    /// The GtkButtons in `window`'s widget tree but `moreTime` (in the dialog's own content,
    /// not one of AdwMessageDialog's responses), each with whether it is labelled `okLabel`;
    /// named by their labels alone, and out of the accessible tree while not on screen.
    init(in window: Widget, okLabel: String, besides moreTime: Widget) {
        all = window.descendants.filter { $0.isA(gtk_button_get_type()) && $0 != moreTime }.map { button in
            (button, gtk_button_get_label(button.cast()).map { String(cString: $0) } == okLabel)
        }
        nameByLabels()
        hideWhileUnmapped()
    }

    /// Focuses the first (Cancel) or last (OK) response button on screen.
    func focus(first: Bool) {
        let shown = all.map(\.button).filter { gtk_widget_get_mapped($0) != 0 }
        if let button = first ? shown.first : shown.last { gtk_widget_grab_focus(button) }
    }

    /// Lets each button be named by its label alone. GTK 4.8 names a button by its label
    /// property followed by the label it is labelled by, which makes "_Cancel Cancel" for a
    /// screen reader; without the property it is "Cancel".
    private func nameByLabels() {
        for (button, _) in all {
            gtk_accessible_reset_property(button.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL)
        }
    }

    /// Keeps the buttons of the layout not in use out of the accessible tree: AdwMessageDialog
    /// lays its buttons out twice (side by side, and stacked for a narrow window) and maps one
    /// set, but GTK 4.8 shows a screen reader both, the other with no size.
    private func hideWhileUnmapped() {
        for (button, _) in all {
            button.setAccessibleHidden(true)
            Signal.connect(button.raw, "map") { button.setAccessibleHidden(false) }
            Signal.connect(button.raw, "unmap") { button.setAccessibleHidden(true) }
        }
    }
}

/// AdwMessageDialog's heading, which libadwaita 1.2 does not let a caller shape.
@MainActor
enum MessageDialogHeading {
    /// Keeps a long heading of `window` to three lines, ellipsized: AdwMessageDialog's heading
    /// label (the one styled `title-2`) would wrap a 200-character title onto ten. The window
    /// title and the dialog's accessible name keep the whole title.
    static func limitLines(of window: Widget) {
        let heading = window.descendants.first { $0.isA(gtk_label_get_type()) && gtk_widget_has_css_class($0, "title-2") != 0 }
        guard let heading else { return }
        gtk_label_set_lines(heading.opaque, 3)
        gtk_label_set_ellipsize(heading.opaque, PANGO_ELLIPSIZE_END)
    }
}
