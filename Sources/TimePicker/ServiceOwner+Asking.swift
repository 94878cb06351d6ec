internal import DBusKit
internal import Glibc
internal import TimePickerContract

/// The look for the service's owner as a pick makes it: the same questions as `find`, asked
/// without waiting on the loop the connection is attached to, so that a cancel (the loop
/// stopped, the connection closed) ends it at any step, a service the bus is still starting
/// included. Every closure holds the connection weakly: a look given up leaves nothing that
/// keeps the connection open.
extension ServiceOwner {
    /// Calls `completion` once, on the connection's loop, with the owner (started by D-Bus
    /// activation when nobody owns the name) checked to run as this user, or why there is none.
    static func ask(on connection: DBusConnection, completion: @escaping (Result<ServiceOwner, TimePickerError>) -> Void) {
        askOwner(on: connection) { [weak connection] first in
            switch first {
            case .failure(let error):
                completion(.failure(error))
            case .success(let owner?):
                guard let connection else { return }
                check(owner, on: connection, completion)
            case .success(nil):
                guard let connection else { return }
                start(on: connection, completion)
            }
        }
    }

    /// StartServiceByName, then the owner it made; only when nobody owns the name (the bus
    /// refuses to start a name without an activation file even while a process owns it).
    private static func start(on connection: DBusConnection, _ completion: @escaping (Result<ServiceOwner, TimePickerError>) -> Void) {
        connection.call(
            .startServiceByName, of: .messageBus, on: .messageBus, at: .messageBus, [.string(TimePickerBus.name.rawValue), .uint32(0)],
            timeoutMilliseconds: -1
        ) { [weak connection] started in
            if case .failure(let failure) = started {
                // No activation file names it: nobody provides the service, as documented.
                if failure.name == .serviceUnknown { return completion(.failure(TimePickerError(.serviceNotRunning))) }
                let name = failure.name.rawValue
                return completion(.failure(TimePickerError(failure.name.isSpawnFailure
                    ? .cannotStartService(name: name, message: failure.message) : .cannotReachService(name: name, message: failure.message))))
            }
            guard let connection else { return }
            askOwner(on: connection) { [weak connection] second in
                switch second {
                case .failure(let error): completion(.failure(error))
                case .success(nil): completion(.failure(TimePickerError(.serviceNotRunning)))
                case .success(let owner?):
                    guard let connection else { return }
                    check(owner, on: connection, completion)
                }
            }
        }
    }

    /// GetNameOwner: the unique name owning the service's name now; nil when nobody does.
    private static func askOwner(on connection: DBusConnection, _ answered: @escaping (Result<BusName?, TimePickerError>) -> Void) {
        connection.call(.getNameOwner, of: .messageBus, on: .messageBus, at: .messageBus, [.string(TimePickerBus.name.rawValue)], timeoutMilliseconds: -1) { reply in
            switch reply {
            case .failure(let failure) where failure.name == .nameHasNoOwner:
                answered(.success(nil))
            case .failure(let failure):
                answered(.failure(TimePickerError(.cannotReachService(name: failure.name.rawValue, message: failure.message))))
            case .success(let reply):
                guard case .string(let text)? = reply.values.first, let owner = BusName(text) else {
                    return answered(.failure(TimePickerError(.cannotReachService(name: nil, message: "GetNameOwner gave no name"))))
                }
                answered(.success(owner))
            }
        }
    }

    /// The owner, once the bus has said it runs as this program's user.
    private static func check(_ owner: BusName, on connection: DBusConnection, _ completion: @escaping (Result<ServiceOwner, TimePickerError>) -> Void) {
        guard owner.isUnique else {
            return completion(.failure(TimePickerError(.unknownOwner(owner: owner.rawValue, message: "the bus named an owner that is not a unique name"))))
        }
        connection.askUnixUser(of: owner) { answer in
            switch answer {
            case .failure(let failure):
                completion(.failure(TimePickerError(.unknownOwner(owner: owner.rawValue, message: failure.message))))
            case .success(let user) where user != getuid():
                completion(.failure(TimePickerError(.ownedByAnotherUser(uid: user, owner: owner.rawValue))))
            case .success:
                completion(.success(ServiceOwner(uniqueName: owner)))
            }
        }
    }
}
