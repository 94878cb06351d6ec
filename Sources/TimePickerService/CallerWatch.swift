internal import DBusKit
internal import TimePickerCore

/// Notices PickTimeRange callers leaving the bus, and the bus taking our name away.
extension TimePickerService {
    /// Ends `session` with Cancelled("caller") when its owner leaves the bus.
    func watchOwner(of session: PickerSession) {
        guard !session.isOwnerWatched else { return }
        session.isOwnerWatched = true
        watchCaller(session.owner)
    }

    /// Starts watching `caller` leave the bus (counted: one per watched session).
    private func watchCaller(_ caller: String) {
        watchedCallers[caller, default: 0] += 1
        guard watchedCallers[caller] == 1 else { return }
        connection.addMatch(Self.ownerChangedRule(for: caller))
        // The caller may have left before the rule was in place; the bus answers in order, so
        // asking now closes that gap.
        do {
            let query = try DBusMessage.methodCall(
                destination: BusNames.busDaemon, path: BusNames.busDaemonPath,
                interface: BusNames.busDaemonInterface, member: "NameHasOwner")
            try query.append(.string(caller))
            try connection.call(query) { [weak self] reply in
                if case .boolean(false)? = try? reply.arguments().first { self?.callerLeft(caller) }
            }
        } catch {
            log.log(.error, "cannot ask the bus whether \(caller) is still there: \(error)")
        }
    }

    /// Stops watching `caller` once none of its watched sessions is open.
    func unwatchCaller(_ caller: String) {
        guard let count = watchedCallers[caller] else { return }
        if count > 1 {
            watchedCallers[caller] = count - 1
        } else {
            watchedCallers[caller] = nil
            connection.removeMatch(Self.ownerChangedRule(for: caller))
        }
    }

    /// Calls `onVanish` whenever the well-known `name` loses its owner (a server the daemon
    /// relies on, such as the notification server, leaving the bus).
    public func watchNameOwner(_ name: String, onVanish: @escaping () -> Void) {
        nameWatchers[name] = onVanish
        connection.addMatch(Self.ownerChangedRule(for: name))
    }

    /// Reacts to the bus's own signals: callers leaving, and our name taken over.
    func handleSignal(_ signal: DBusMessage) {
        if signal.isSignal(interface: "org.freedesktop.DBus.Local", member: "Disconnected") {
            onDisconnected?()
            return
        }
        guard signal.sender == BusNames.busDaemon.rawValue,
              signal.interface == BusNames.busDaemonInterface.rawValue,
              case .string(let name)? = try? signal.arguments().first
        else { return }
        switch signal.member {
        case "NameOwnerChanged":
            guard case .string(let newOwner)? = try? signal.arguments().last, newOwner.isEmpty else { return }
            if watchedCallers[name] != nil { callerLeft(name) }
            nameWatchers[name]?()
        case "NameLost" where name == BusNames.service.rawValue:
            log.log(.notice, "another instance took over \(name)")
            onNameLost?()
        default:
            break
        }
    }

    /// Ends the watched sessions of a caller that left: nobody is left waiting for them.
    private func callerLeft(_ caller: String) {
        for session in sessions.all where session.owner == caller && session.isOwnerWatched {
            // Nobody is left to answer.
            session.pendingCall = nil
            log.log(.info, "\(caller) left the bus while waiting for \(session.path)")
            end(session, with: .cancelled(.caller))
        }
    }

    private static func ownerChangedRule(for name: String) -> String {
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
    }
}
