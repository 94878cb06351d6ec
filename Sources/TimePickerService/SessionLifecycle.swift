internal import DBusKit
public import TimePickerCore

/// How sessions end, and what the front end reports about them.
extension TimePickerService: PickerFrontEndDelegate {
    public func frontEnd(session id: PickerSessionID, didChange model: PickerModel) {
        guard let session = sessions[id] else { return }
        let old = session.model
        session.model = model
        var changed: [String: DBusValue] = [:]
        if old.start != model.start { changed["Start"] = .string(model.start.busText) }
        if old.end != model.end { changed["End"] = .string(model.end.busText) }
        guard !changed.isEmpty else { return }
        emitSignal(
            "PropertiesChanged", on: session.path, interface: BusNames.propertiesInterface,
            [.string(BusNames.sessionInterface.rawValue), .vardict(changed), .array(elementSignature: "s", elements: [])])
    }

    public func frontEnd(session id: PickerSessionID, didFinish outcome: PickerOutcome) {
        guard let session = sessions[id] else { return }
        end(session, with: outcome, reportedByFrontEnd: true)
    }

    /// Ends `session`: the object goes, exactly one of Selected or Cancelled goes out, and a
    /// pending PickTimeRange gets its reply. Ending a session twice does nothing.
    func end(_ session: PickerSession, with outcome: PickerOutcome, reportedByFrontEnd: Bool = false) {
        guard sessions.remove(session) else { return }
        session.timeoutTimer?.cancel()
        if !reportedByFrontEnd { frontEnd(of: session).withdraw(session: session.id) }
        if let terminal = session.clientTerminal { clientTerminals.release(session.id, from: terminal) }
        if session.isOwnerWatched {
            session.isOwnerWatched = false
            unwatchCaller(session.owner)
        }

        switch outcome {
        case .selected(let start, let end):
            emitSignal("Selected", on: session.path, interface: BusNames.sessionInterface, [.string(start.busText), .string(end.busText)])
            log.log(.info, "session \(session.path) selected \(start)-\(end)")
        case .cancelled(let reason):
            emitSignal("Cancelled", on: session.path, interface: BusNames.sessionInterface, [.string(reason.rawValue)])
            log.log(.info, "session \(session.path) cancelled: \(reason.rawValue)")
        }

        if let call = session.pendingCall {
            session.pendingCall = nil
            answerPick(call, with: outcome)
        }
        for waiting in session.cancelsAwaitingOwner {
            sendError(.unknownObject("session '\(session.path)' has already ended"), to: waiting.call)
        }
        session.cancelsAwaitingOwner.removeAll()
    }

    private func answerPick(_ call: DBusMessage, with outcome: PickerOutcome) {
        switch outcome {
        case .selected(let start, let end):
            sendReply([.string(start.busText), .string(end.busText)], to: call)
        case .cancelled(.unavailable):
            sendError(.noUserInterface("no user interface can show a time picker (\(frontEnd.kind) is unavailable)"), to: call)
        case .cancelled(let reason):
            sendError(.cancelled(reason.rawValue), to: call)
        }
    }
}
