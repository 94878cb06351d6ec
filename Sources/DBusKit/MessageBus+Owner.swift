/// Who owns a well-known name, as code on an event loop asks before it calls the name: a call
/// that waits for its answer goes to the owner's unique name, whose answer alone is believed
/// (`AwaitedReplies`).
extension MessageBus {
    /// The unique name that owns `name`, started first by D-Bus activation when nobody owns it
    /// (only then: the bus refuses to start a name no activation file provides even while a
    /// process owns it, as a program run by hand does). `completion` gets the owner, or the
    /// bus's failure: `meansAbsent` when nobody owns the name and none could be started by it,
    /// `isSpawnFailure` when starting it failed. The bus's calls wait `timeoutMilliseconds`,
    /// the start `startTimeoutMilliseconds`.
    public func resolveOwner(
        of name: BusName, timeoutMilliseconds: Int32, startTimeoutMilliseconds: Int32,
        completion: @escaping (Result<BusName, DBusFailure>) -> Void
    ) {
        currentOwner(of: name, timeoutMilliseconds: timeoutMilliseconds) { [weak self] result in
            guard let self, case .failure(let failure) = result, failure.name.meansAbsent else { return completion(result) }
            self.call(
                .startServiceByName, of: .messageBus, on: .messageBus, at: .messageBus, [.string(name.rawValue), .uint32(0)],
                timeoutMilliseconds: startTimeoutMilliseconds
            ) { started in
                if case .failure(let failure) = started { return completion(.failure(failure)) }
                self.currentOwner(of: name, timeoutMilliseconds: timeoutMilliseconds, completion: completion)
            }
        }
    }

    /// GetNameOwner: who owns `name` now; NameHasNoOwner when nobody does.
    public func currentOwner(of name: BusName, timeoutMilliseconds: Int32, completion: @escaping (Result<BusName, DBusFailure>) -> Void) {
        call(.getNameOwner, of: .messageBus, on: .messageBus, at: .messageBus, [.string(name.rawValue)], timeoutMilliseconds: timeoutMilliseconds) { answer in
            completion(answer.flatMap { reply in
                guard case .string(let text)? = reply.values.first, let owner = BusName(text) else {
                    return .failure(DBusFailure(name: .nameHasNoOwner, message: "the bus named no owner for \(name)", sender: .messageBus))
                }
                return .success(owner)
            })
        }
    }
}
