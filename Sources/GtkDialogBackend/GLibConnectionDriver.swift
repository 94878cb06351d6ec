internal import CGtk
internal import DBusKit
internal import DialogBackend
internal import EventLoop

/// Drives the backend's libdbus connection from GLib's main context, where GTK runs: the
/// connection's descriptors and timeouts become GLib sources, and messages are dispatched from
/// an idle source at `G_PRIORITY_DEFAULT`. As the backend's `BackendLoop`, it also runs the
/// backend's idle work, at the lower priorities below.
///
/// That priority is the point: dialogs are built at a lower one (`DialogBuildQueue`), so while
/// calls keep arriving the backend answers them first, and builds only what is still open
/// when it has caught up. libdbus stops reading from the socket while 63 MiB of messages wait
/// to be dispatched, so a flood costs bounded memory.
///
/// Not actor-isolated, as DBusKit's types are not: GLib calls every source back on the thread
/// that runs the main context, the main thread, where the connection is used and nowhere else.
final class GLibConnectionDriver: BackendLoop {
    func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch {
        GLibDescriptorWatch(descriptor: descriptor, events: events, handler: handler)
    }

    func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer {
        GLibOneShot.timer(milliseconds: milliseconds, handler)
    }

    func runSoon(_ work: @escaping () -> Void) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            if let data { Unmanaged<ClosureBox<() -> Void>>.fromOpaque(data).takeUnretainedValue().closure() }
            return 0
        }
        g_idle_add_full(G_PRIORITY_DEFAULT, trampoline, ClosureBox(work).retainedForC(), releaseBox)
    }

    func whenIdle(_ kind: IdleWork, _ work: @escaping () -> Void) -> any ConnectionTimer {
        GLibOneShot.idle(priority: Self.priority(of: kind), work)
    }

    /// Below the bus connection (`G_PRIORITY_DEFAULT`) and GTK's layout and drawing
    /// (`GDK_PRIORITY_REDRAW`, `G_PRIORITY_HIGH_IDLE` + 20): a dialog is built once the calls
    /// are answered and what is on screen is drawn, and memory given back after the builds.
    private static func priority(of kind: IdleWork) -> Int32 {
        switch kind {
        case .build: G_PRIORITY_LOW
        case .tidy: G_PRIORITY_LOW + 10
        }
    }
}

/// A closure kept alive while GLib holds it as a source's data; `releaseBox` frees it.
private final class ClosureBox<Closure> {
    let closure: Closure
    init(_ closure: Closure) { self.closure = closure }
    func retainedForC() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

/// A descriptor watch as a GLib unix-fd source, present only while enabled (GLib's sources
/// cannot be paused): an enabled write watch on an idle connection would wake the loop forever.
private final class GLibDescriptorWatch: ConnectionWatch {
    private let descriptor: Int32
    private let condition: GIOCondition
    private let handler: (IOEvents) -> Void
    private var source: UInt32 = 0
    private var cancelled = false

    var isEnabled = true {
        didSet { update() }
    }

    init(descriptor: Int32, events: IOEvents, handler: @escaping (IOEvents) -> Void) {
        self.descriptor = descriptor
        var condition = G_IO_ERR.rawValue | G_IO_HUP.rawValue | G_IO_NVAL.rawValue
        if events.contains(.readable) { condition |= G_IO_IN.rawValue | G_IO_PRI.rawValue }
        if events.contains(.writable) { condition |= G_IO_OUT.rawValue }
        self.condition = GIOCondition(rawValue: condition)
        self.handler = handler
        update()
    }

    func cancel() {
        cancelled = true
        update()
    }

    /// Adds or removes the GLib source to match `isEnabled` and `cancelled`.
    private func update() {
        let wanted = isEnabled && !cancelled
        if wanted, source == 0 {
            let trampoline: @convention(c) (Int32, GIOCondition, UnsafeMutableRawPointer?) -> gboolean = { _, condition, data in
                if let data { Unmanaged<ClosureBox<(GIOCondition) -> Void>>.fromOpaque(data).takeUnretainedValue().closure(condition) }
                return 1
            }
            let box = ClosureBox<(GIOCondition) -> Void> { [weak self] condition in self?.ready(condition) }
            source = g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, condition, trampoline, box.retainedForC(), releaseBox)
        } else if !wanted, source != 0 {
            // Safe from inside the source's own callback: GLib keeps its data until it returns.
            g_source_remove(source)
            source = 0
        }
    }

    private func ready(_ condition: GIOCondition) {
        var events: IOEvents = []
        if condition.rawValue & (G_IO_IN.rawValue | G_IO_PRI.rawValue) != 0 { events.insert(.readable) }
        if condition.rawValue & G_IO_OUT.rawValue != 0 { events.insert(.writable) }
        if condition.rawValue & (G_IO_ERR.rawValue | G_IO_NVAL.rawValue) != 0 { events.insert(.error) }
        if condition.rawValue & G_IO_HUP.rawValue != 0 { events.insert(.hangUp) }
        if condition.rawValue & G_IO_NVAL.rawValue != 0 {
            // A descriptor closed under the watch would be reported on every turn: drop it.
            cancel()
        }
        handler(events)
    }
}

/// Work GLib runs once from its main loop: idle work (a `g_idle_add_full` source at a
/// priority) or a timer (a `g_timeout_add_full` source); cancelled by removing the source.
private final class GLibOneShot: ConnectionTimer {
    private var source: UInt32 = 0

    /// Idle work at `priority`.
    static func idle(priority: Int32, _ work: @escaping () -> Void) -> GLibOneShot {
        GLibOneShot { trampoline, box in g_idle_add_full(priority, trampoline, box, releaseBox) }
            .armed(with: work)
    }

    /// A timer firing once, `milliseconds` from now.
    static func timer(milliseconds: Int, _ work: @escaping () -> Void) -> GLibOneShot {
        GLibOneShot { trampoline, box in
            g_timeout_add_full(G_PRIORITY_DEFAULT, UInt32(clamping: max(0, milliseconds)), trampoline, box, releaseBox)
        }.armed(with: work)
    }

    /// How the source is added: given the C trampoline and the retained box of the work.
    private let add: (GSourceFunc, UnsafeMutableRawPointer) -> UInt32

    private init(add: @escaping (GSourceFunc, UnsafeMutableRawPointer) -> UInt32) {
        self.add = add
    }

    /// Adds the source that runs `work` once.
    private func armed(with work: @escaping () -> Void) -> GLibOneShot {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            if let data { Unmanaged<ClosureBox<() -> Void>>.fromOpaque(data).takeUnretainedValue().closure() }
            return 0
        }
        let box = ClosureBox<() -> Void> { [weak self] in
            // Ran: the source is gone once this returns, and must not be removed again.
            self?.source = 0
            work()
        }
        source = add(trampoline, box.retainedForC())
        return self
    }

    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}
