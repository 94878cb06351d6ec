internal import CDBus
internal import EventLoop

/// Connects libdbus's watches, timeouts and dispatch status to a `ConnectionDriver` (an
/// `EventLoop`, or the dialog backend's GLib main context).
///
/// libdbus calls the watch and timeout callbacks with the connection lock held, so they only
/// bookkeep; dispatching happens later, from the loop, never from inside a callback.
final class ConnectionLoopBinding {
    private let connection: OpaquePointer
    /// The connection whose deferred messages (read by a blocking call) dispatching hands out first.
    private unowned let owner: DBusConnection
    private let loop: any ConnectionDriver
    /// What runs the connection's timers: the time limits of its calls too.
    var driver: any ConnectionDriver { loop }
    private var watches: [OpaquePointer: any ConnectionWatch] = [:]
    private var timeouts: [OpaquePointer: any ConnectionTimer] = [:]
    private var dispatchScheduled = false
    private var detached = false
    /// How many messages one turn of the loop dispatches before it lets descriptors and timers
    /// run: a peer that floods the bus cannot starve the rest.
    private let messagesPerTurn = 64

    init(connection: DBusConnection, loop: any ConnectionDriver) {
        self.connection = connection.raw
        owner = connection
        self.loop = loop
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(connection.raw, addWatch, removeWatch, toggleWatch, context, nil)
        dbus_connection_set_timeout_functions(connection.raw, addTimeout, removeTimeout, toggleTimeout, context, nil)
        dbus_connection_set_dispatch_status_function(connection.raw, dispatchStatusChanged, context, nil)
        scheduleDispatch()
    }

    /// Unhooks from libdbus before the connection goes away.
    func detach() {
        guard !detached else { return }
        detached = true
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        watches.values.forEach { $0.cancel() }
        timeouts.values.forEach { $0.cancel() }
        watches.removeAll()
        timeouts.removeAll()
    }

    // MARK: Watches

    fileprivate func add(watch: OpaquePointer) {
        var events: IOEvents = []
        let flags = dbus_watch_get_flags(watch)
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { events.insert(.readable) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events.insert(.writable) }
        let registration = loop.watchDescriptor(dbus_watch_get_unix_fd(watch), for: events) { [weak self] ready in
            self?.handle(watch: watch, ready: ready)
        }
        registration.isEnabled = dbus_watch_get_enabled(watch) != 0
        watches[watch] = registration
    }

    fileprivate func remove(watch: OpaquePointer) {
        watches.removeValue(forKey: watch)?.cancel()
    }

    fileprivate func toggle(watch: OpaquePointer) {
        // An enabled write watch on an idle connection would make poll return at once forever.
        watches[watch]?.isEnabled = dbus_watch_get_enabled(watch) != 0
    }

    private func handle(watch: OpaquePointer, ready: IOEvents) {
        var flags: UInt32 = 0
        if ready.contains(.readable) { flags |= DBUS_WATCH_READABLE.rawValue }
        if ready.contains(.writable) { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if ready.contains(.error) { flags |= DBUS_WATCH_ERROR.rawValue }
        if ready.contains(.hangUp) { flags |= DBUS_WATCH_HANGUP.rawValue }
        dbus_watch_handle(watch, flags)
        scheduleDispatch()
    }

    // MARK: Timeouts

    fileprivate func add(timeout: OpaquePointer) {
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        arm(timeout)
    }

    fileprivate func remove(timeout: OpaquePointer) {
        timeouts.removeValue(forKey: timeout)?.cancel()
    }

    fileprivate func toggle(timeout: OpaquePointer) {
        remove(timeout: timeout)
        add(timeout: timeout)
    }

    private func arm(_ timeout: OpaquePointer) {
        var timer: (any ConnectionTimer)?
        timer = loop.scheduleTimer(afterMilliseconds: Int(dbus_timeout_get_interval(timeout))) { [weak self] in
            guard let self, let timer else { return }
            dbus_timeout_handle(timeout)
            // libdbus timeouts repeat until removed or disabled. Handling may have removed it
            // (a pending call that timed out frees its timeout), in which case `timeouts` no
            // longer holds this timer and the pointer must not be touched again.
            if self.timeouts[timeout] === timer {
                self.timeouts[timeout] = nil
                if !self.detached, dbus_timeout_get_enabled(timeout) != 0 { self.arm(timeout) }
            }
            self.scheduleDispatch()
        }
        timeouts[timeout] = timer
    }

    // MARK: Dispatching

    func scheduleDispatch() {
        guard !dispatchScheduled, !detached else { return }
        dispatchScheduled = true
        loop.runSoon { [weak self] in self?.dispatch() }
    }

    private func dispatch() {
        dispatchScheduled = false
        guard !detached else { return }
        owner.deliverDeferred()
        for _ in 0..<messagesPerTurn {
            guard dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS else { return }
        }
        scheduleDispatch()
    }
}

private func binding(_ context: UnsafeMutableRawPointer?) -> ConnectionLoopBinding? {
    context.map { Unmanaged<ConnectionLoopBinding>.fromOpaque($0).takeUnretainedValue() }
}

private func addWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let watch, let owner = binding(context) else { return 0 }
    owner.add(watch: watch)
    return 1
}

private func removeWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch else { return }
    binding(context)?.remove(watch: watch)
}

private func toggleWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch else { return }
    binding(context)?.toggle(watch: watch)
}

private func addTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let timeout, let owner = binding(context) else { return 0 }
    owner.add(timeout: timeout)
    return 1
}

private func removeTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let timeout else { return }
    binding(context)?.remove(timeout: timeout)
}

private func toggleTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let timeout else { return }
    binding(context)?.toggle(timeout: timeout)
}

private func dispatchStatusChanged(_ connection: OpaquePointer?, _ status: DBusDispatchStatus, _ context: UnsafeMutableRawPointer?) {
    // Called with the connection lock held: only note it; the loop dispatches.
    if status == DBUS_DISPATCH_DATA_REMAINS { binding(context)?.scheduleDispatch() }
}
