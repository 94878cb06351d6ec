internal import CGtk
internal import DialogBackend
internal import TimePickerCore

/// A method call's bytes as a peer sends them to the dialog backend, read the way the backend
/// reads them: GDBus parses the message into GVariants and checks the body against the
/// interface, then the backend reads the call (`BackendCall`, `VariantReader`) and checks its
/// parent window, its options (`DialogRequest`) or its new state (`DialogState.updated`).
enum GVariantFuzz {
    /// The body each method takes, as the interface file declares it; GDBus answers any other
    /// body itself, and the backend never sees it.
    private static let bodies = ["ShowPicker": "(osa{sv})", "Update": "(oa{sv})", "Close": "(o)"]

    static func run(_ input: UnsafeRawBufferPointer) {
        // g_dbus_message_new_from_blob takes a mutable pointer (it does not write through it).
        var blob = Array(input)
        guard !blob.isEmpty else { return }
        var error: UnsafeMutablePointer<GError>?
        let parsed = blob.withUnsafeMutableBufferPointer { bytes in
            g_dbus_message_new_from_blob(bytes.baseAddress, gsize(bytes.count), G_DBUS_CAPABILITY_FLAGS_UNIX_FD_PASSING, &error)
        }
        guard let message = parsed else {
            g_clear_error(&error)
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        guard g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_METHOD_CALL,
              let member = g_dbus_message_get_member(message), let body = g_dbus_message_get_body(message),
              bodies[String(cString: member)] == String(cString: g_variant_get_type_string(body))
        else { return }
        // The body is the message's, alive until the message goes.
        switch BackendCall(method: String(cString: member), parameters: VariantReader(raw: body)) {
        case .showPicker(_, let parentWindow, let options)?:
            _ = ParentWindowID(parsing: parentWindow)
            guard let request = try? DialogRequest(options: options, defaultClock: .twentyFourHour) else { return }
            // The heading a window shows: display-safe, and no longer than a title may be.
            require(
                !request.heading.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a control character in the heading \(request.heading.debugDescription)")
            require(request.heading.count <= DialogText.maxTitleCharacters, "a heading of \(request.heading.count) characters")
            _ = try? request.state.updated(with: options)
        case .update(_, let state)?:
            let opened = (try? DialogRequest(options: [:], defaultClock: .twentyFourHour))?.state
            _ = try? opened?.updated(with: state)
        case .close?, nil:
            break
        }
    }
}
