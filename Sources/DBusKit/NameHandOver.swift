/// Why an owner should not let its well-known name go now: the bus would hand it to another
/// Unix user, or cannot say whether it would.
public enum HandOverObstacle: Sendable, CustomStringConvertible {
    /// A connection of another user waits in the name's queue.
    case stranger(QueuedStranger, name: BusName)
    /// The bus did not say who waits (its error): unknown is not taken for safe.
    case unknownQueue(DBusFailure, name: BusName)

    public var description: String {
        switch self {
        case .stranger(let stranger, let name):
            "a connection of another user (\(stranger)) waits in the queue for \(name), and the bus would hand it the name"
        case .unknownQueue(let failure, let name):
            "the bus cannot say who waits in the queue for \(name) (\(failure.message))"
        }
    }
}

/// Lets the owner of a well-known name leave only when the bus would not hand the name to
/// another Unix user: the daemon's and the dialog backend's way out (a stop, an idle exit).
///
/// The bus gives the name to the head of its queue whenever the owner's connection closes, and
/// the owner can neither reorder nor empty the queue. So the owner looks at the queue
/// (`askQueuedStranger`) before it goes, and stays while a connection of another user waits.
/// What it cannot prevent: being killed (SIGKILL) or the bus dropping its connection, which
/// hand the name on all the same.
public final class NameHandOver {
    private let name: BusName
    private let bus: any MessageBus
    private let driver: any ConnectionDriver
    private let ownUser: UInt32
    /// How long an owner that was asked to leave waits before it looks at the queue again.
    private let recheckMilliseconds: Int
    private var leave: (() -> Void)?
    private var recheck: (any ConnectionTimer)?
    /// What was last told to `onHolding`, so that a long wait is logged once.
    private var lastObstacle: String?
    /// Told when a wish to leave is held back, once for each new obstacle.
    public var onHolding: ((HandOverObstacle) -> Void)?

    /// Watches over `name`, owned on `bus`, for its owner of Unix user `ownUser`.
    public init(name: BusName, bus: any MessageBus, driver: any ConnectionDriver, ownUser: UInt32, recheckMilliseconds: Int = 1000) {
        self.name = name
        self.bus = bus
        self.driver = driver
        self.ownUser = ownUser
        self.recheckMilliseconds = recheckMilliseconds
    }

    /// Whether a wish to leave waits for the queue to clear.
    public var isWaitingToLeave: Bool { leave != nil }

    /// Asks once, without waiting: `answered` gets nil when the owner may leave now, else why not.
    public func askWhetherSafe(_ answered: @escaping (HandOverObstacle?) -> Void) {
        bus.askQueuedStranger(for: name, ownUser: ownUser) { [name] result in
            switch result {
            case .success(nil): answered(nil)
            case .success(let stranger?): answered(.stranger(stranger, name: name))
            // The owner's own connection is gone, and the name with it: nothing is left to hand over.
            case .failure(let failure) where failure.name == .disconnected: answered(nil)
            case .failure(let failure): answered(.unknownQueue(failure, name: name))
            }
        }
    }

    /// Calls `leave` once no connection of another user waits for the name: as soon as the bus
    /// has said so, or, while one waits, once it has gone (looked at every second). Asking
    /// again while a wish waits changes nothing.
    public func leaveWhenSafe(_ leave: @escaping () -> Void) {
        guard self.leave == nil else { return }
        self.leave = leave
        look()
    }

    private func look() {
        recheck = nil
        askWhetherSafe { [weak self] obstacle in
            guard let self, self.leave != nil else { return }
            guard let obstacle else {
                let leave = self.leave
                self.leave = nil
                self.lastObstacle = nil
                leave?()
                return
            }
            if obstacle.description != self.lastObstacle {
                self.lastObstacle = obstacle.description
                self.onHolding?(obstacle)
            }
            self.recheck = self.driver.scheduleTimer(afterMilliseconds: self.recheckMilliseconds) { [weak self] in self?.look() }
        }
    }
}
