internal import DBusKit
internal import EventLoop

/// Every session's outcome on the bus as it happens, whoever asked for it, for as long as it is
/// iterated: what `timepickerctl monitor` prints.
///
/// ```swift
/// for try await outcome in TimePickerMonitor() {
///     if case .selected(let range) = outcome.event { print(range.start, range.end, range.duration ?? .zero) }
/// }
/// ```
///
/// It follows the service's well-known name, so it keeps going when the service stops and
/// starts again, and takes outcomes only from this user's processes. Each iteration has a
/// connection and a thread of its own, which end when the loop over it does. It throws
/// a `TimePickerError` of code `.serviceUnavailable` when there is no bus or it goes away.
public struct TimePickerMonitor: AsyncSequence, Sendable {
    public typealias Element = TimePickerOutcome

    private let onListening: (@Sendable (String) -> Void)?
    /// The bus instead of the session bus: for tests on private buses.
    package var busAddress: String?

    /// `onListening` is called, on the monitor's thread, once the subscription is in place (no
    /// outcome after it can be missed), with the connection's unique name.
    public init(onListening: (@Sendable (String) -> Void)? = nil) {
        self.onListening = onListening
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<TimePickerOutcome, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream<TimePickerOutcome, any Error>.makeStream()
        let onListening = onListening
        let busAddress = busAddress
        // Made before the thread: an iteration given up before the thread is listening must
        // still stop it, and `onTermination` set after the stream ended is never called.
        nonisolated(unsafe) let loop = EventLoop()
        guard let mailbox = try? LoopMailbox(loop: loop) else {
            continuation.finish(throwing: TimePickerError(.failed(name: ErrorName.failed.rawValue, message: "cannot make an eventfd")))
            return stream.makeAsyncIterator()
        }
        // The loop's thread is the only one that stops it: the stop waits in the mailbox until
        // the loop runs.
        continuation.onTermination = { _ in mailbox.stopLoop() }
        let started = startDetachedThread {
            let watch: OutcomeWatch
            do {
                watch = try OutcomeWatch(
                    busAddress: busAddress, loop: loop, deliver: { continuation.yield($0) }, ignored: { _, _ in },
                    lost: {
                        continuation.finish(throwing: TimePickerError(.lostBus))
                        loop.stop()
                    })
            } catch {
                continuation.finish(throwing: error)
                return
            }
            onListening?(watch.listeningAs)
            loop.run()
            withExtendedLifetime((watch, mailbox)) {}
        }
        if !started {
            continuation.finish(throwing: TimePickerError(.failed(name: ErrorName.failed.rawValue, message: "cannot start a thread")))
        }
        return stream.makeAsyncIterator()
    }
}
