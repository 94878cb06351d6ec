internal import TimePickerContract
internal import CGtk
internal import TimePickerCore
internal import LocalSettings

/// The D-Bus side of the backend: io.github.timepickerd.impl.TimePicker1 at
/// /io/github/timepickerd/impl/TimePicker1, through GDBus on the main thread.
///
/// A method reads its arguments, validates them (InvalidArgs naming the key), acts, and
/// replies; ShowPicker only opens a dialog and replies when the dialog ends. The dialogs of a
/// caller are keyed by its unique name and their handle, and closed when the caller leaves.
@MainActor
final class BackendService {
    static let objectPath = DialogBackendBus.path.rawValue
    static let interfaceName = DialogBackendBus.interface.rawValue
    static let version: UInt32 = 1
    /// The most dialogs open at once; past it ShowPicker answers 2 at once.
    static let maxDialogs = 64

    /// Whether dialogs can be shown at all.
    enum Display {
        case available(UnsafeMutablePointer<GtkApplication>)
        /// No display could be opened: every ShowPicker answers 2 with this reason.
        case unavailable(String)
    }

    private struct DialogKey: Hashable, CustomStringConvertible {
        let caller: String
        let handle: String
        var description: String { "\(handle) of \(caller)" }
    }

    private struct OpenDialog {
        let dialog: TimePickerDialog
        let invocation: MethodInvocation
    }

    private let connection: OpaquePointer
    private let application: UnsafeMutablePointer<GApplication>
    private let display: Display
    private let log: Log
    private let defaultClock: ClockStyle
    private var dialogs: [DialogKey: OpenDialog] = [:]
    /// `g_bus_watch_name` ids of the callers with open dialogs.
    private var callerWatches: [String: UInt32] = [:]
    private let callerUsers: CallerUsers

    init(connection: OpaquePointer, application: UnsafeMutablePointer<GApplication>, display: Display, log: Log) {
        self.connection = connection
        self.application = application
        self.display = display
        self.log = log
        callerUsers = CallerUsers(connection: connection)
        defaultClock = ClockStyle.preferredByLocale()
    }

    /// Exports the interface, from the XML file embedded in the binary. Call it before the
    /// bus name is owned, so no call can arrive before the object exists.
    func register() throws(BackendStartError) {
        let xml = String(decoding: PackageResources.io_github_timepickerd_impl_TimePicker1_xml, as: UTF8.self)
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            throw BackendStartError("the embedded interface XML does not parse: \(consume(error))")
        }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = g_dbus_node_info_lookup_interface(node, Self.interfaceName) else {
            throw BackendStartError("the embedded interface XML has no \(Self.interfaceName)")
        }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, sender, _, _, method, parameters, invocation, data in
            guard let sender, let method, let parameters, let invocation, let data else { return }
            let service = Unmanaged<BackendService>.fromOpaque(data).takeUnretainedValue()
            let call = BackendCall(method: String(cString: method), parameters: VariantReader(raw: parameters))
            let caller = String(cString: sender)
            let pending = MethodInvocation(invocation)
            MainActor.assumeIsolated { service.handle(call, from: caller, replyingTo: pending) }
        }
        vtable.get_property = { _, _, _, _, _, _, _ in
            // Version is the interface's only property; GDBus refuses other names itself.
            g_variant_new_uint32(BackendService.version)
        }
        let retained = Unmanaged.passRetained(self).toOpaque()
        guard g_dbus_connection_register_object(connection, Self.objectPath, interface, &vtable, retained, releaseBox, &error) != 0 else {
            Unmanaged<BackendService>.fromOpaque(retained).release()
            throw BackendStartError("cannot export \(Self.objectPath): \(consume(error))")
        }
    }

    /// Ends every dialog with response 2 and `reason`, and sends the replies before returning:
    /// the process may exit right after.
    func closeAll(reason: String) {
        for open in dialogs.values { open.dialog.close(reason: reason) }
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    // MARK: - Methods

    /// Carries out `call` once its caller is known to be the backend's own user, else refuses it.
    private func handle(_ call: BackendCall?, from caller: String, replyingTo invocation: MethodInvocation) {
        // Every call restarts the idle timer, so a backend in use is never about to exit; the
        // hold also keeps the backend running while the call waits for the bus.
        g_application_hold(application)
        callerUsers.admit(caller) { [weak self, application] verdict in
            defer { g_application_release(application) }
            guard let self else { return }
            switch verdict {
            case .allowed: self.carryOut(call, from: caller, replyingTo: invocation)
            case .refused(let reason):
                self.log.debug("refused a call from \(caller): \(reason)")
                invocation.fail(BackendError.accessDenied, reason)
            }
        }
    }

    private func carryOut(_ call: BackendCall?, from caller: String, replyingTo invocation: MethodInvocation) {
        switch call {
        case .showPicker(let handle, let parentWindow, let options):
            methodShowPicker(DialogKey(caller: caller, handle: handle), parentWindow, options, invocation)
        case .update(let handle, let state):
            methodUpdate(DialogKey(caller: caller, handle: handle), state, invocation)
        case .close(let handle):
            methodClose(DialogKey(caller: caller, handle: handle), invocation)
        case nil:
            invocation.fail(BackendError.unknownMethod, "no such method")
        }
    }

    private func methodShowPicker(
        _ key: DialogKey, _ parentWindow: String, _ options: [String: OptionValue], _ invocation: MethodInvocation
    ) {
        guard let parent = ParentWindowID(parsing: parentWindow) else {
            return invocation.fail(BackendError.invalidArgs, ParentWindowID.problem(with: parentWindow))
        }
        let request: DialogRequest
        do {
            request = try DialogRequest(options: options, defaultClock: defaultClock)
        } catch {
            return invocation.fail(BackendError.invalidArgs, error.message)
        }
        guard dialogs[key] == nil else {
            return invocation.fail(BackendError.invalidArgs, "handle \(quotedForMessage(key.handle, maxCharacters: 200)) already has a dialog open")
        }
        let application: UnsafeMutablePointer<GtkApplication>
        switch display {
        case .unavailable(let reason):
            log.debug("ShowPicker for \(key): \(reason)")
            return reply(invocation, .ended(reason))
        case .available(let gtkApplication):
            application = gtkApplication
        }
        guard dialogs.count < Self.maxDialogs else {
            return reply(invocation, .ended("too many dialogs open (\(Self.maxDialogs))"))
        }
        let dialog = TimePickerDialog(
            request: request, parent: parent, application: application, log: log,
            onEvent: { [weak self] event in self?.emitEvent(event, for: key) },
            onFinish: { [weak self] outcome in self?.finish(key, outcome) })
        dialogs[key] = OpenDialog(dialog: dialog, invocation: invocation)
        g_application_hold(self.application)
        watchCaller(key.caller)
        log.debug("ShowPicker for \(key): \(request.state.model.start)-\(request.state.model.end), parent \(parent)")
        dialog.present()
    }

    private func methodUpdate(_ key: DialogKey, _ raw: [String: OptionValue], _ invocation: MethodInvocation) {
        guard let open = dialogs[key] else {
            return invocation.fail(BackendError.unknownObject, "no open dialog for handle \(quotedForMessage(key.handle, maxCharacters: 200))")
        }
        do {
            let state = try open.dialog.state.updated(with: raw)
            open.dialog.update(state, restartingCountdown: raw["timeout"] != nil)
            log.debug("Update for \(key): \(state.model.start)-\(state.model.end), focus \(state.model.focus.wireText)")
            invocation.reply([])
        } catch {
            invocation.fail(BackendError.invalidArgs, error.message)
        }
    }

    private func methodClose(_ key: DialogKey, _ invocation: MethodInvocation) {
        if let open = dialogs[key] {
            log.debug("Close for \(key)")
            open.dialog.close(reason: "closed by the caller")
        }
        invocation.reply([])
    }

    // MARK: - Dialog ends, events, callers

    private func finish(_ key: DialogKey, _ outcome: TimePickerDialog.Outcome) {
        guard let open = dialogs.removeValue(forKey: key) else { return }
        log.debug("dialog \(key) ended: \(outcome)")
        reply(open.invocation, outcome)
        g_application_release(application)
        if !dialogs.keys.contains(where: { $0.caller == key.caller }), let watch = callerWatches.removeValue(forKey: key.caller) {
            g_bus_unwatch_name(watch)
        }
    }

    private func reply(_ invocation: MethodInvocation, _ outcome: TimePickerDialog.Outcome) {
        switch outcome {
        case .accepted(let start, let end):
            invocation.reply([
                g_variant_new_uint32(0), VariantBuilder.stringVardict([("start", start.busText), ("end", end.busText)]),
            ])
        case .cancelled:
            invocation.reply([g_variant_new_uint32(1), VariantBuilder.stringVardict([])])
        case .ended(let reason):
            invocation.reply([g_variant_new_uint32(2), VariantBuilder.stringVardict([("reason", reason)])])
        }
    }

    /// Sends `event` to the caller of the dialog `key` only (a unicast signal).
    private func emitEvent(_ event: PickerEvent, for key: DialogKey) {
        var error: UnsafeMutablePointer<GError>?
        let arguments = VariantBuilder.tuple([g_variant_new_object_path(key.handle), g_variant_new_string(event.wireText)])
        if g_dbus_connection_emit_signal(connection, key.caller, Self.objectPath, Self.interfaceName, "Event", arguments, &error) == 0 {
            log.warning("cannot send Event to \(key.caller): \(consume(error))")
        } else {
            log.debug("Event for \(key): \(event.wireText)")
        }
    }

    /// Closes the caller's dialogs when it leaves the bus. The corresponding C function is
    /// `g_bus_watch_name_on_connection`; it calls back at once for a caller already gone.
    private func watchCaller(_ caller: String) {
        guard callerWatches[caller] == nil else { return }
        typealias VanishedHandler = @MainActor () -> Void
        let vanished: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            withBox(data) { (box: CallbackBox<VanishedHandler>) in box.handler() }
        }
        let box = CallbackBox<VanishedHandler> { [weak self] in self?.callerLeft(caller) }
        callerWatches[caller] = g_bus_watch_name_on_connection(
            connection, caller, G_BUS_NAME_WATCHER_FLAGS_NONE, nil, vanished, box.retainedForC(), releaseBox)
    }

    private func callerLeft(_ caller: String) {
        let keys = dialogs.keys.filter { $0.caller == caller }
        guard !keys.isEmpty else { return }
        log.debug("\(caller) left the bus: closing its \(keys.count) dialog(s)")
        for key in keys { dialogs[key]?.dialog.close(reason: "the caller left the bus") }
    }
}

/// Why the backend could not start; the message says what failed.
public struct BackendStartError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The message of a GError, which is freed.
func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
}
