internal import DBusKit
internal import DialogBackend
internal import TimePickerCore

/// A method call's bytes as a peer sends them to the dialog backend, read the way the backend
/// reads them: libdbus's checks, then `BackendCall` (object, interface, member, signature, the
/// body within the backend's bounds), then the call's parent window and options
/// (`DialogRequest`) or its new state (`DialogState.updated`).
enum BackendCallFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        // Wire bytes a connection would turn into a message; most mutations are not one.
        guard let message = DBusMessage.demarshalled(input), message.kind == .methodCall,
              let call = try? BackendCall(message)
        else { return }
        switch call {
        case .showPicker(_, let parentWindow, let options):
            _ = ParentWindowID(parsing: parentWindow)
            guard let request = try? DialogRequest(options: options, defaultClock: .twentyFourHour) else { return }
            // The heading a window shows: display-safe, and no longer than a title may be.
            require(
                !request.heading.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a control character in the heading \(request.heading.debugDescription)")
            require(request.heading.count <= DialogText.maxTitleCharacters, "a heading of \(request.heading.count) characters")
            _ = try? request.state.updated(with: options)
        case .update(_, let state):
            let opened = (try? DialogRequest(options: [:], defaultClock: .twentyFourHour))?.state
            _ = try? opened?.updated(with: state)
        case .close, .introspect, .getProperty, .getAllProperties, .setProperty:
            break
        }
    }
}
