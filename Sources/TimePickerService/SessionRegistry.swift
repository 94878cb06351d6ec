internal import TimePickerContract
internal import DBusKit
internal import TimePickerCore

/// The open sessions, by path and by id, with the limits on how many may be open.
struct SessionRegistry {
    static let maximumPerCaller = 16
    static let maximumInAll = 256

    private(set) var byPath: [ObjectPath: PickerSession] = [:]
    private var pathByID: [PickerSessionID: ObjectPath] = [:]
    private var countByCreator: [BusName: Int] = [:]
    private var nextID: UInt64 = 1

    var count: Int { byPath.count }
    var all: [PickerSession] { Array(byPath.values) }

    subscript(path: ObjectPath) -> PickerSession? { byPath[path] }
    subscript(id: PickerSessionID) -> PickerSession? { pathByID[id].flatMap { byPath[$0] } }

    /// Checks the limits for one more session of `creator`.
    func checkLimits(for creator: BusName) throws(ServiceError) {
        if countByCreator[creator, default: 0] >= Self.maximumPerCaller {
            throw .limitsExceeded("at most \(Self.maximumPerCaller) open sessions per caller; \(creator) has \(Self.maximumPerCaller)")
        }
        if byPath.count >= Self.maximumInAll {
            throw .limitsExceeded("at most \(Self.maximumInAll) open sessions in all")
        }
    }

    /// The path for `creator`'s session named `token` (the contract's rule: a token below
    /// `TimePickerBus.sessionsPath(of:)`), or an error when it is taken.
    func path(creator: BusName, requestedToken: String?) throws(ServiceError) -> ObjectPath {
        guard let creatorPath = TimePickerBus.sessionsPath(of: creator) else {
            throw .invalidArgs("caller name '\(creator)' cannot be used in an object path")
        }
        if let token = requestedToken {
            guard let path = creatorPath.appending(token) else {
                throw .invalidArgs("option 'handle_token': '\(token)' cannot be used in an object path")
            }
            guard byPath[path] == nil else {
                throw .invalidArgs("option 'handle_token': '\(token)' is already used by an open session of this caller")
            }
            return path
        }
        // Service-made tokens cannot collide with each other (the counter only grows) but a
        // caller may have chosen one of them as its own handle_token.
        var serial = nextID
        while true {
            if let path = creatorPath.appending("t\(serial)"), byPath[path] == nil { return path }
            serial += 1
        }
    }

    /// Registers a new session and returns it.
    mutating func add(path: ObjectPath, creator: BusName, credentials: PeerCredentials, model: PickerModel) -> PickerSession {
        let session = PickerSession(id: PickerSessionID(nextID), path: path, creator: creator, creatorCredentials: credentials, model: model)
        nextID += 1
        byPath[path] = session
        pathByID[session.id] = path
        countByCreator[creator, default: 0] += 1
        return session
    }

    /// Forgets `session`; returns false when it was already gone.
    @discardableResult
    mutating func remove(_ session: PickerSession) -> Bool {
        guard byPath.removeValue(forKey: session.path) != nil else { return false }
        pathByID[session.id] = nil
        let remaining = countByCreator[session.creator, default: 1] - 1
        countByCreator[session.creator] = remaining > 0 ? remaining : nil
        return true
    }

    /// The paths of every object the service exports now, for introspecting the tree.
    var exportedPaths: [ObjectPath] { [TimePickerBus.managerPath] + byPath.keys }
}
