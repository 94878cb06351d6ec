internal import DBusKit
internal import Glibc
internal import TimePickerCore

/// io.github.timepickerd.TimePicker1.Session: Cancel(), allowed to the creator's Unix user only.
extension TimePickerService {
    /// Ends the session with `Cancelled("caller")` if the caller may, else AccessDenied.
    func cancel(_ session: PickerSession, call: DBusMessage) -> MethodResult {
        guard let caller = call.sender else {
            sendError(.accessDenied("Cancel needs a caller with a bus name"), to: call)
            return .later
        }
        if caller == session.owner {
            end(session, with: .cancelled(.caller))
            return .reply([])
        }
        lookUpUserID(of: caller) { [weak self] callerUID in
            // The bus cannot say when the caller left right after sending (a fire-and-forget
            // Cancel). Only the bus's own user can connect to a standard session bus, so that
            // is the caller's user then, as for a creator that left.
            self?.decideCancel(of: session, call: call, callerUID: callerUID ?? getuid())
        }
        return .later
    }

    private func decideCancel(of session: PickerSession, call: DBusMessage, callerUID: UInt32) {
        guard sessions[session.path] === session else {
            sendError(.unknownObject("session '\(session.path)' has already ended"), to: call)
            return
        }
        guard let ownerUID = session.ownerUID else {
            // The owner's lookup went out first and the bus answers in order, so this is rare.
            session.cancelsAwaitingOwnerUID.append((call, callerUID))
            return
        }
        if callerUID == ownerUID {
            end(session, with: .cancelled(.caller))
            sendReply([], to: call)
        } else {
            log.log(.notice, "Cancel of \(session.path) by \(call.sender ?? "?") (uid \(callerUID)) refused: it belongs to uid \(ownerUID)")
            sendError(.accessDenied("session '\(session.path)' belongs to another user"), to: call)
        }
    }

    /// Asks the bus, without waiting, which Unix user created `session`.
    func rememberOwnerUserID(of session: PickerSession) {
        lookUpUserID(of: session.owner) { [weak self, weak session] uid in
            guard let self, let session else { return }
            // The bus could not say (the creator left before it answered): only the bus's own
            // user can connect to a standard session bus, so that is the creator's user.
            session.ownerUID = uid ?? getuid()
            let waiting = session.cancelsAwaitingOwnerUID
            session.cancelsAwaitingOwnerUID.removeAll()
            for entry in waiting { self.decideCancel(of: session, call: entry.call, callerUID: entry.callerUID) }
        }
    }

    /// The Unix user of the connection `name`, from the cache or from the bus without waiting.
    ///
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixUser`.
    private func lookUpUserID(of name: String, completion: @escaping (UInt32?) -> Void) {
        if let cached = userIDCache[name] {
            completion(cached)
            return
        }
        do {
            let query = try DBusMessage.methodCall(
                destination: BusNames.busDaemon, path: BusNames.busDaemonPath,
                interface: BusNames.busDaemonInterface, member: "GetConnectionUnixUser")
            try query.append(.string(name))
            try connection.call(query) { [weak self] reply in
                guard case .uint32(let uid)? = try? reply.arguments().first else {
                    completion(nil)
                    return
                }
                self?.cacheUserID(uid, of: name)
                completion(uid)
            }
        } catch {
            log.log(.error, "cannot ask the bus for the user of \(name): \(error)")
            completion(nil)
        }
    }

    private func cacheUserID(_ uid: UInt32, of name: String) {
        // Bounded: callers come and go all day, and unique names are never reused.
        if userIDCache.count >= 256 { userIDCache.removeAll() }
        userIDCache[name] = uid
    }
}
