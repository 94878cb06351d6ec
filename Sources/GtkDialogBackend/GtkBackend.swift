internal import Localization
internal import CGtk
internal import DialogBackend
internal import Glibc
internal import TimePickerContract
internal import Logging
internal import SystemKit
internal import TimePickerCore

/// timepickerd-gtk: its command line, then the backend with GTK's windows on GLib's main loop;
/// everything the executable does, so that it only calls `main`.
@MainActor
public enum GtkBackend {
    /// What `--help` says the program is, between the synopsis and the options.
    static let helpDescription = """
        The GTK 4 dialog backend of timepickerd: owns io.github.timepickerd.Gtk on the session bus
        and shows time pickers as dialog windows for the daemon, through the interface
        io.github.timepickerd.impl.TimePicker1. Usually started by D-Bus activation.
        """

    /// Runs the backend with `commandLine` (without the program name) until it has been idle
    /// for its timeout or is told to stop; returns the exit status.
    public static func main(_ commandLine: [String]) -> Int32 {
        let arguments: BackendArguments
        do {
            arguments = try BackendArguments(parsing: commandLine)
        } catch {
            StandardStream.error.write("timepickerd-gtk: \(error.message)\nTry 'timepickerd-gtk --help'.\n")
            return 2
        }
        if arguments.showHelp {
            StandardStream.output.write(BackendArguments.usage(program: "timepickerd-gtk", description: helpDescription) + "\n")
            return 0
        }
        if arguments.showVersion {
            StandardStream.output.write("timepickerd-gtk \(TimePickerVersion.current)\n")
            return 0
        }
        return run(arguments.configuration)
    }

    /// Runs the backend until it has been idle for `idleTimeoutSeconds` or is told to stop;
    /// returns the exit status.
    ///
    /// The shape of xdg-desktop-portal's backends, without GApplication: GApplication would export
    /// its own interfaces (org.gtk.Application, org.gtk.Actions, org.freedesktop.Application) on
    /// the connection and answer them for anyone, and would hold a service for 10 s before its
    /// inactivity timeout counts. So the backend has a libdbus connection of its own, driven from
    /// GLib's main loop (`BackendServer` on `GLibConnectionDriver`), serves its one interface on
    /// it, and leaves after its own idle timeout.
    private static func run(_ configuration: BackendConfiguration) -> Int32 {
        Catalogs.bind()
        let log = Logger(program: "timepickerd-gtk", verbose: configuration.verbose)
        allocateWithMalloc(log: log)
        preferSoftwareRendering()
        // WM_CLASS and GTK's messages name the program, as GApplication did from argv[0].
        g_set_prgname("timepickerd-gtk")
        // Without a display, stay on the bus and answer ShowPicker at once with response 2: the
        // daemon learns why at once, rather than from a name that vanished.
        let display: DisplayAvailability
        switch openDisplay() {
        case .success: display = .available
        case .failure(let problem):
            log.warning(problem.description)
            display = .unavailable(problem.description)
        }
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        let server: BackendServer
        do {
            server = try BackendServer(
                name: DialogBackendBus.gtkName, loop: GLibConnectionDriver(), windows: GtkDialogWindows(log: log), display: display,
                idleTimeoutSeconds: configuration.idleTimeoutSeconds, log: log
            ) { g_main_loop_quit(loop) }
        } catch {
            log.warning(error.description)
            return 1
        }
        for signal in [SIGTERM, SIGINT] {
            MainLoopSource.onUnixSignal(signal) {
                log.debug("stopping on signal \(signal)")
                server.leaveWhenNameSafe {
                    server.closeAll(reason: "the backend is stopping")
                    g_main_loop_quit(loop)
                }
            }
        }
        g_main_loop_run(loop)
        log.debug("exiting")
        return 0
    }
}

/// Has GLib allocate with malloc rather than its slice allocator, unless the environment chose:
/// the backend starts itself afresh with G_SLICE=always-malloc (same process, same arguments).
///
/// GLib 2.74's slices (hash tables, list nodes, signal handlers, CSS and accessibility records:
/// GTK makes a great many for each dialog) stay in GLib's own caches once freed, and are not
/// given back while the backend idles: 4 long dialogs left 116 MiB resident after they closed,
/// against 39 MiB with malloc, which `MemoryTrim` gives back. GLib reads G_SLICE when it first
/// allocates a slice, which its own library constructors do before `main`: only a new image of
/// the program sees it. If the exec fails the backend goes on as it is. (GLib 2.76 and later
/// allocate slices with malloc.)
private func allocateWithMalloc(log: Logger) {
    guard getenv("G_SLICE") == nil else { return }
    setenv("G_SLICE", "always-malloc", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    log.warning("cannot restart with G_SLICE=always-malloc: \(String(cString: strerror(errno)))")
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
    DialogStyle.install()
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
