import Glibc

/// A single-threaded poll(2) loop over descriptors, timers, deferred work and Unix signals.
///
/// Everything registered here runs on the thread that calls `run()`; nothing is locked, so the
/// loop and everything it drives must stay on that thread. It sleeps in `poll` until a descriptor,
/// the nearest timer or a signal needs it: no periodic wake-ups.
public final class EventLoop {
    private var watches: [DescriptorWatch] = []
    private var timers: [Timer] = []
    private var deferred: [() -> Void] = []
    private var stopRequested = false
    /// What one turn works with, kept from turn to turn with their room: the loop turns twice for
    /// every call it answers, and making them anew cost six allocations a session. `running` is
    /// the spare array deferred work trades places with (`runDeferred`).
    private var running: [() -> Void] = []
    private var active: [DescriptorWatch] = []
    private var pollDescriptors: [pollfd] = []

    /// Told about a watch on a descriptor that is not open (poll's POLLNVAL): a bug in whoever
    /// closed it without cancelling the watch. The loop has already removed the watch, so it
    /// cannot spin; this is for the log.
    public var onInvalidDescriptor: ((Int32) -> Void)?

    public init() {}

    /// Calls `handler` whenever `descriptor` is ready for `events`, until the watch is cancelled.
    @discardableResult
    public func watch(
        _ descriptor: Int32, for events: IOEvents, handler: @escaping (IOEvents) -> Void
    ) -> DescriptorWatch {
        let watch = DescriptorWatch(descriptor: descriptor, events: events, handler: handler)
        watches.append(watch)
        return watch
    }

    /// Calls `handler` once, `milliseconds` from now, unless the timer is cancelled first.
    @discardableResult
    public func schedule(afterMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> Timer {
        let timer = Timer(deadline: MonotonicClock.now() + max(0, milliseconds), handler: handler)
        timers.append(timer)
        return timer
    }

    /// Runs `work` on the next turn of the loop, before it sleeps again.
    public func runSoon(_ work: @escaping () -> Void) {
        deferred.append(work)
    }

    /// Runs until `stop()` is called.
    public func run() {
        stopRequested = false
        while !stopRequested {
            runOnce()
        }
    }

    /// Makes `run()` return after the work in hand.
    public func stop() {
        stopRequested = true
    }

    /// One turn: deferred work, then a sleep in poll until something is due, then its handlers.
    public func runOnce(maximumWaitMilliseconds: Int? = nil) {
        runDeferred()
        if stopRequested { return }
        watches.removeAll { $0.isCancelled }
        timers.removeAll { $0.isCancelled }

        // Taken out for the turn, so that filling them is not an access to the loop's storage
        // (checked for exclusivity) for every watch.
        var active = self.active
        var pollDescriptors = self.pollDescriptors
        self.active = []
        self.pollDescriptors = []
        defer {
            // This turn's watches are let go now, as when the array was made for each turn; the
            // room of both stays for the next.
            active.removeAll(keepingCapacity: true)
            pollDescriptors.removeAll(keepingCapacity: true)
            self.active = active
            self.pollDescriptors = pollDescriptors
        }
        for watch in watches where watch.isEnabled && !watch.events.isEmpty {
            active.append(watch)
            pollDescriptors.append(pollfd(fd: watch.descriptor, events: watch.events.pollEvents, revents: 0))
        }
        var timeout = deferred.isEmpty ? nextTimerWait() : 0
        if let maximum = maximumWaitMilliseconds { timeout = timeout < 0 ? maximum : min(timeout, maximum) }

        let ready = pollDescriptors.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), Int32(clamping: timeout))
        }
        if ready > 0 {
            for (watch, polled) in zip(active, pollDescriptors) where polled.revents != 0 {
                // A handler earlier in this turn may have cancelled or disabled this watch.
                guard !watch.isCancelled, watch.isEnabled else { continue }
                if polled.revents & Int16(POLLNVAL) != 0 {
                    dropInvalid(watch)
                    continue
                }
                watch.handler?(IOEvents(pollEvents: polled.revents))
            }
        }
        fireDueTimers()
    }

    /// Removes a watch whose descriptor is not open: poll would report it at once on every turn,
    /// and the loop would never sleep again. Its owner hears of it as an error, once.
    private func dropInvalid(_ watch: DescriptorWatch) {
        let handler = watch.handler
        watch.cancel()
        onInvalidDescriptor?(watch.descriptor)
        handler?([.error, .invalid])
    }

    private func runDeferred() {
        // Work deferred while running deferred work waits for the next turn, so a loop of
        // re-deferrals cannot starve descriptors and timers. The batch takes the queue's place
        // and the spare array (`running`, empty, with its room) the queue's, and the batch is
        // kept as the next spare: no array is made anew, even if work here turns the loop.
        guard !deferred.isEmpty else { return }
        var batch: [() -> Void] = []
        swap(&batch, &running)
        swap(&batch, &deferred)
        for work in batch { work() }
        batch.removeAll(keepingCapacity: true)
        if running.capacity < batch.capacity { running = batch }
    }

    /// Milliseconds until the nearest timer, or -1 (poll's "forever") when there is none.
    private func nextTimerWait() -> Int {
        guard let nearest = timers.lazy.filter({ !$0.isCancelled }).map(\.deadline).min() else { return -1 }
        return max(0, nearest - MonotonicClock.now())
    }

    private func fireDueTimers() {
        let now = MonotonicClock.now()
        let due = timers.filter { !$0.isCancelled && $0.deadline <= now }
        for timer in due where !timer.isCancelled {
            let handler = timer.handler
            timer.cancel()
            handler?()
        }
    }
}

/// Readiness a descriptor watch waits for or reports.
public struct IOEvents: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let readable = IOEvents(rawValue: 1 << 0)
    public static let writable = IOEvents(rawValue: 1 << 1)
    /// Only reported, never waited for: poll always reports errors.
    public static let error = IOEvents(rawValue: 1 << 2)
    /// Only reported: the other end is gone.
    public static let hangUp = IOEvents(rawValue: 1 << 3)
    /// Only reported, with `.error`: the descriptor is not open; the loop has dropped the watch.
    public static let invalid = IOEvents(rawValue: 1 << 4)

    var pollEvents: Int16 {
        var result: Int16 = 0
        if contains(.readable) { result |= Int16(POLLIN) }
        if contains(.writable) { result |= Int16(POLLOUT) }
        return result
    }

    init(pollEvents: Int16) {
        var result: IOEvents = []
        if pollEvents & Int16(POLLIN | POLLPRI) != 0 { result.insert(.readable) }
        if pollEvents & Int16(POLLOUT) != 0 { result.insert(.writable) }
        if pollEvents & Int16(POLLERR) != 0 { result.insert(.error) }
        if pollEvents & Int16(POLLHUP) != 0 { result.insert(.hangUp) }
        self = result
    }
}

/// A registration of interest in one descriptor; disable it to pause, cancel it to end it.
public final class DescriptorWatch {
    public let descriptor: Int32
    public var events: IOEvents
    public var isEnabled = true
    public private(set) var isCancelled = false
    fileprivate private(set) var handler: ((IOEvents) -> Void)?

    fileprivate init(descriptor: Int32, events: IOEvents, handler: @escaping (IOEvents) -> Void) {
        self.descriptor = descriptor
        self.events = events
        self.handler = handler
    }

    /// Stops the watch for good; the loop forgets it on its next turn. Its handler is dropped
    /// at once, with whatever it holds.
    public func cancel() {
        isCancelled = true
        handler = nil
    }
}

/// A one-shot timer; cancel it to keep it from firing.
public final class Timer {
    fileprivate let deadline: Int
    /// Dropped once the timer fired or was cancelled, so a handler that holds its own timer
    /// (to recognise it later) does not keep both alive for ever.
    fileprivate private(set) var handler: (() -> Void)?
    public private(set) var isCancelled = false

    fileprivate init(deadline: Int, handler: @escaping () -> Void) {
        self.deadline = deadline
        self.handler = handler
    }

    public func cancel() {
        isCancelled = true
        handler = nil
    }
}

/// Milliseconds on CLOCK_MONOTONIC, which wall-clock changes do not move.
public enum MonotonicClock {
    public static func now() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec * 1000 + spec.tv_nsec / 1_000_000
    }
}
