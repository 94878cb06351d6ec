internal import DBusKit
internal import TimePickerCore

/// io.github.timepickerd.TimePicker1.Session: Cancel(), allowed to the creator's Unix user only.
extension TimePickerService {
    /// Ends the session with `Cancelled("caller")` if the caller may, else AccessDenied.
    ///
    /// The creator's own connection may always cancel. Anyone else is asked about on the bus
    /// first, and allowed only when the bus vouches that both are the same Unix user: an identity
    /// the bus cannot give is never assumed.
    func cancel(_ call: MethodCall) throws(ServiceError) -> MethodResult {
        // The table finds Cancel on sessions only.
        guard let session = call.session else { throw .unknownObject("no session at '\(call.path)'") }
        guard let caller = call.sender else { throw .accessDenied("Cancel needs a caller with a bus name") }
        if caller == session.creator {
            end(session, with: .cancelled(.caller), answering: call.message)
            return .later
        }
        credentials.lookUp(caller) { [weak self] callerCredentials in
            guard let self else { return }
            guard let callerCredentials else {
                // Typically a fire-and-forget Cancel whose sender left before the bus was asked.
                self.log.notice("Cancel of \(session.path) by \(caller) dropped: the bus cannot say which user it is")
                self.sendError(.accessDenied("the bus cannot say which user \(caller) is"), to: call.message)
                return
            }
            self.decideCancel(of: session, call: call.message, caller: callerCredentials)
        }
        return .later
    }

    /// Answers a Cancel from another connection once both users are known.
    private func decideCancel(of session: PickerSession, call: DBusMessage, caller: PeerCredentials) {
        guard sessions[session.path] === session else {
            sendError(.unknownObject("session '\(session.path)' has already ended"), to: call)
            return
        }
        switch session.creatorIdentity {
        case .pending:
            // The creator's lookup went out first and the bus answers in order, so this is rare.
            session.cancelsAwaitingCreator.append((call, caller))
        case .unknown:
            log.notice("Cancel of \(session.path) by \(call.sender?.rawValue ?? "?") refused: the bus could not say who created it")
            sendError(.accessDenied("session '\(session.path)' can only be cancelled by its creator's connection"), to: call)
        case .known(let creator) where creator.userID == caller.userID:
            end(session, with: .cancelled(.caller), answering: call)
        case .known(let creator):
            log.notice("Cancel of \(session.path) by \(call.sender?.rawValue ?? "?") (uid \(caller.userID)) refused: it belongs to uid \(creator.userID)")
            sendError(.accessDenied("session '\(session.path)' belongs to another user"), to: call)
        }
    }

    /// Asks the bus, without waiting, who created `session`; `session.afterCreatorIdentified`
    /// runs once it is settled.
    ///
    /// Called before the session's handle or anything else goes back to the creator: the bus
    /// answers in the order it is asked, so the question reaches it while the creator is still
    /// connected, even one such as `busctl` that leaves the moment it has its reply (were it
    /// gone, nobody but its vanished connection could ever cancel the session).
    func identifyCreator(of session: PickerSession) {
        credentials.lookUp(session.creator) { [weak self, weak session] creator in
            guard let self, let session else { return }
            session.creatorIdentity = creator.map { .known($0) } ?? .unknown
            let waiting = session.cancelsAwaitingCreator
            session.cancelsAwaitingCreator.removeAll()
            for entry in waiting { self.decideCancel(of: session, call: entry.call, caller: entry.caller) }
            let next = session.afterCreatorIdentified
            session.afterCreatorIdentified = nil
            next?()
        }
    }
}
