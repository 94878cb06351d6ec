internal import CLinux
internal import EventLoop
internal import Glibc
internal import Synchronization
internal import TimePickerCore

/// What the front end wants the notification thread to do, kept as the latest wish per session
/// rather than as a list of every request: the thread may fall behind (a slow or frozen
/// notification server) and must then catch up with what is true now, not replay history.
///
/// - A session's newer state replaces an older one the thread has not taken yet.
/// - A session that ends before the thread took its first show never reaches the server at all.
/// - So what waits is at most one request per session the daemon has open, plus one close per
///   notification the thread may have on screen: bounded by the service's session limit, at
///   any rate of requests.
///
/// The thread waits on `descriptor`, an eventfd that is readable while requests wait.
final class NotificationCommandQueue: Sendable {
    /// One session's pending wish.
    enum Request: Sendable {
        /// Show the notification for this view, or update it in place.
        case show(NotificationView)
        /// Close the notification; nothing more will be asked about this session.
        case close
    }

    /// What the thread takes in one go: first whether the server is gone (everything it showed
    /// is gone with it), then each session's request in the order the sessions first asked,
    /// then whether to stop.
    struct Batch: Sendable {
        var serverGone = false
        var requests: [(PickerSessionID, Request)] = []
        var stop = false
    }

    private struct State {
        var serverGone = false
        var stop = false
        var order: [PickerSessionID] = []
        var pending: [PickerSessionID: Request] = [:]
        /// Sessions whose show the thread has taken: they may be on screen and need a close.
        var delivered: Set<PickerSessionID> = []
    }

    /// Readable while requests wait.
    let descriptor: Int32
    private let state = Mutex(State())

    init() throws(SystemError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("eventfd") }
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Asks for `session` to be shown as `picker`, replacing an older view still waiting; the
    /// same view again redraws it (the countdown).
    func show(_ session: PickerSessionID, _ picker: NotificationView) {
        state.withLock { state in
            if state.pending[session] == nil { state.order.append(session) }
            state.pending[session] = .show(picker)
        }
        wake()
    }

    /// Asks for `session`'s notification to be closed; one never shown is simply forgotten.
    func close(_ session: PickerSessionID) {
        let needed = state.withLock { state in
            guard state.delivered.contains(session) else {
                state.pending[session] = nil
                state.order.removeAll { $0 == session }
                return false
            }
            if state.pending[session] == nil { state.order.append(session) }
            state.pending[session] = .close
            return true
        }
        if needed { wake() }
    }

    /// The server left the bus: nothing it showed is there any more, and nothing waiting is wanted.
    func serverGone() {
        state.withLock { state in
            state.serverGone = true
            state.order.removeAll()
            state.pending.removeAll()
            state.delivered.removeAll()
        }
        wake()
    }

    /// Asks the thread to close what it shows and end.
    func stop() {
        state.withLock { state in
            state.stop = true
            state.order.removeAll()
            state.pending.removeAll()
        }
        wake()
    }

    /// Takes everything waiting; called by the thread.
    func take() -> Batch {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        return state.withLock { state in
            var batch = Batch(serverGone: state.serverGone, stop: state.stop)
            for session in state.order {
                guard let request = state.pending[session] else { continue }
                batch.requests.append((session, request))
                switch request {
                case .show: state.delivered.insert(session)
                case .close: state.delivered.remove(session)
                }
            }
            state.serverGone = false
            state.order.removeAll()
            state.pending.removeAll()
            return batch
        }
    }

    /// How many sessions have a request waiting; for tests and the log.
    var waitingCount: Int { state.withLock { $0.order.count } }

    private func wake() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }
}
