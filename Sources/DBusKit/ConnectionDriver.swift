public import EventLoop

/// What drives a connection: it watches the connection's descriptors, runs its timeouts and
/// dispatches it soon after. `EventLoop` is one; the dialog backend drives its connection from
/// GLib's main context, which GTK needs, with a driver of its own.
///
/// Everything runs on the driver's one thread; handlers are never called from inside the call
/// that registered them.
public protocol ConnectionDriver: AnyObject {
    /// Calls `handler` with what is ready whenever `descriptor` is ready for `events`, while
    /// the watch is enabled and until it is cancelled.
    func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch
    /// Calls `handler` once, `milliseconds` from now, unless the timer is cancelled first.
    func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer
    /// Runs `work` on a later turn of the loop.
    func runSoon(_ work: @escaping () -> Void)
}

/// A descriptor watch of a `ConnectionDriver`: disable it to pause, cancel it to end it.
public protocol ConnectionWatch: AnyObject {
    var isEnabled: Bool { get set }
    func cancel()
}

/// A one-shot timer of a `ConnectionDriver`.
public protocol ConnectionTimer: AnyObject {
    func cancel()
}

extension DescriptorWatch: ConnectionWatch {}
extension Timer: ConnectionTimer {}

extension EventLoop: ConnectionDriver {
    public func watchDescriptor(_ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void) -> any ConnectionWatch {
        watch(descriptor, for: events, handler: handler)
    }

    public func scheduleTimer(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any ConnectionTimer {
        schedule(afterMilliseconds: milliseconds, handler)
    }
}
