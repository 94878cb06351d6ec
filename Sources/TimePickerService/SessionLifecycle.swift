internal import TimePickerContract
internal import DBusKit
public import TimePickerCore

/// What front ends report, and how sessions end: the session owns its picker's model, applies
/// the events a front end reports, tells the front end the new state, and decides the outcome.
extension TimePickerService: PickerFrontEndDelegate {
    public func frontEnd(_ frontEnd: any PickerFrontEnd, session id: PickerSessionID, didReport event: PickerEvent) {
        // A report that crossed the session's end (or comes from a front end that no longer
        // shows it) changes nothing.
        guard let session = sessions[id], session.frontEnd === frontEnd else { return }
        let before = session.model
        if let outcome = session.model.apply(event) {
            end(session, with: outcome)
            return
        }
        announceChanges(of: session, from: before)
        frontEnd.update(id, session.model.state)
    }

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session id: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        guard let session = sessions[id], session.frontEnd === frontEnd else { return }
        log.log(.warning, "\(session.path): \(message)")
        session.unavailableBecause = message
        end(session, with: .cancelled(reason))
    }

    /// PropertiesChanged for what moved since `before`.
    private func announceChanges(of session: PickerSession, from before: PickerModel) {
        var changed: [String: DBusValue] = [:]
        if before.start != session.model.start { changed["Start"] = .string(session.model.start.busText) }
        if before.end != session.model.end { changed["End"] = .string(session.model.end.busText) }
        guard !changed.isEmpty else { return }
        emitSignal(
            "PropertiesChanged", on: session.path, interface: InterfaceName.properties,
            [.string(TimePickerBus.sessionInterface.rawValue), .vardict(changed), .array(elementSignature: "s", elements: [])])
    }

    /// Ends `session`: its front end withdraws it, the object goes, exactly one of Selected or
    /// Cancelled goes out, and a pending PickTimeRange gets its reply. Ending twice does nothing.
    func end(_ session: PickerSession, with outcome: PickerOutcome) {
        guard sessions.remove(session) else { return }
        session.timeoutTimer?.cancel()
        session.frontEnd?.withdraw(session.id)
        if let terminal = session.clientTerminal { clientTerminals.release(session.id, from: terminal) }
        callerWatch.forget(session.id)

        switch outcome {
        case .selected(let start, let end):
            emitSignal("Selected", on: session.path, interface: TimePickerBus.sessionInterface, [.string(start.busText), .string(end.busText)])
            log.log(.info, "session \(session.path) selected \(start)-\(end)")
        case .cancelled(let reason):
            emitSignal("Cancelled", on: session.path, interface: TimePickerBus.sessionInterface, [.string(reason.rawValue)])
            log.log(.info, "session \(session.path) cancelled: \(reason.rawValue)")
        }

        if let call = session.pendingCall {
            session.pendingCall = nil
            answerPick(call, of: session, with: outcome)
        }
        for waiting in session.cancelsAwaitingOwner {
            sendError(.unknownObject("session '\(session.path)' has already ended"), to: waiting.call)
        }
        session.cancelsAwaitingOwner.removeAll()
    }

    private func answerPick(_ call: DBusMessage, of session: PickerSession, with outcome: PickerOutcome) {
        switch outcome {
        case .selected(let start, let end):
            sendReply([.string(start.busText), .string(end.busText)], to: call)
        case .cancelled(.unavailable):
            let why = session.unavailableBecause ?? "the \(session.frontEnd?.kind ?? frontEnd.kind) user interface is unavailable"
            sendError(.noUserInterface("no user interface can show a time picker: \(why)"), to: call)
        case .cancelled(let reason):
            sendError(.cancelled(reason.rawValue), to: call)
        }
    }
}
