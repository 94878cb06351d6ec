internal import TimePickerContract
internal import CGtk
internal import Glibc

/// How `timepickerd-gtk` runs: what the command line chose.
public struct BackendConfiguration: Sendable {
    /// Log a line per call, event and dialog.
    public var verbose = false
    /// Seconds to stay after the last dialog closed (and after start without a call).
    public var idleTimeoutSeconds: UInt32 = 30

    public init() {}
}

/// The bus name and application id of the GTK backend.
public let backendBusName = DialogBackendBus.gtkName.rawValue

/// Runs the backend until it has been idle for `idleTimeoutSeconds` or is told to stop;
/// returns the exit status.
///
/// The shape of xdg-desktop-portal's backends: the interface is exported on the session bus
/// connection first, then a GApplication with `G_APPLICATION_IS_SERVICE` owns the bus name on
/// that same connection (so no call can arrive before the object exists), holds itself while
/// dialogs are open, and quits after its inactivity timeout.
@MainActor
public func runBackend(_ configuration: BackendConfiguration) -> Int32 {
    let log = Log(verbose: configuration.verbose)
    preferSoftwareRendering()
    // Without a display, stay on the bus and answer ShowPicker at once with response 2: the
    // daemon learns why at once, rather than from a name that vanished.
    let display = openDisplay()
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
        log.warning("cannot connect to the session bus: \(consume(error))")
        return 1
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }

    let application: UnsafeMutablePointer<GApplication>
    let serviceDisplay: BackendService.Display
    switch display {
    case .success:
        let adwApplication = adw_application_new(backendBusName, G_APPLICATION_IS_SERVICE)!
        application = UnsafeMutablePointer(OpaquePointer(adwApplication))
        serviceDisplay = .available(UnsafeMutablePointer(OpaquePointer(adwApplication)))
    case .failure(let problem):
        log.warning(problem.description)
        application = g_application_new(backendBusName, G_APPLICATION_IS_SERVICE)
        serviceDisplay = .unavailable(problem.description)
    }
    defer { g_object_unref(UnsafeMutableRawPointer(application)) }

    let service = BackendService(connection: connection, application: application, display: serviceDisplay, log: log)
    do {
        try service.register()
    } catch {
        log.warning(error.description)
        return 1
    }
    g_application_set_inactivity_timeout(application, configuration.idleTimeoutSeconds * 1000)
    for signal in [SIGTERM, SIGINT] {
        MainLoopSource.onUnixSignal(signal) {
            log.debug("stopping on signal \(signal)")
            service.closeAll(reason: "the backend is stopping")
            g_application_quit(application)
        }
    }
    log.debug("serving \(BackendService.interfaceName) as \(backendBusName)")
    // GApplication parses no options of ours: the executable has already.
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("timepickerd-gtk"), nil]
    defer { free(arguments[0]) }
    let status = g_application_run(application, 1, &arguments)
    log.debug("exiting with status \(status)")
    return status
}

/// Renders with cairo and leaves OpenGL unloaded, unless the environment chose a renderer.
///
/// The dialog is text in two lists, drawn in software well within a frame; loading the GL
/// driver costs start-up time and memory (with Mesa's software driver: 92 MiB resident idle
/// and 167 MiB with a dialog open, against 32 and 38 MiB without GL).
private func preferSoftwareRendering() {
    guard getenv("GSK_RENDERER") == nil else { return }
    setenv("GSK_RENDERER", "cairo", 0)
    if getenv("GDK_DEBUG") == nil { setenv("GDK_DEBUG", "gl-disable", 0) }
}

/// Opens the default display (GTK and libadwaita); the failure says which display and why.
@MainActor
private func openDisplay() -> Result<Void, BackendStartError> {
    guard gtk_init_check() != 0 else {
        let environment = ["WAYLAND_DISPLAY", "DISPLAY"].map { "\($0)=\(getenv($0).map { String(cString: $0) } ?? "(unset)")" }
        return .failure(BackendStartError("cannot open a display (\(environment.joined(separator: ", ")))"))
    }
    adw_init()
    quietenParentlessDialogMessage()
    return .success(())
}

/// Drops libadwaita's "AdwMessageDialog mapped without a transient parent" message: a backend's
/// dialogs belong to other processes' windows, which GTK cannot name as a parent (the parent is
/// set on the X11 or Wayland surface instead), so the message would be logged for every dialog.
/// Every other message of the domain goes to GLib's default handler.
private func quietenParentlessDialogMessage() {
    let handler: @convention(c) (UnsafePointer<gchar>?, GLogLevelFlags, UnsafePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = {
        domain, level, message, _ in
        if let message, String(cString: message).hasPrefix("AdwMessageDialog mapped without a transient parent") { return }
        g_log_default_handler(domain, level, message, nil)
    }
    g_log_set_handler("Adwaita", G_LOG_LEVEL_MESSAGE, handler, nil)
}
