internal import TimePickerContract
internal import DBusKit
internal import EventLoop
public import TimePickerCore

/// What front ends report, and how sessions end: the session owns its picker's model, applies
/// the events a front end reports, tells the front end the new state, and decides the outcome.
extension TimePickerService: PickerFrontEndDelegate {
    public func frontEnd(_ frontEnd: any PickerFrontEnd, session id: PickerSessionID, didReport event: PickerEvent) {
        // A report that crossed the session's end (or comes from a front end that no longer
        // shows it) changes nothing.
        guard let session = sessions[id], session.frontEnd === frontEnd else { return }
        apply(event, to: session, shownBy: frontEnd)
    }

    /// Applies `event` to the session's model: ends the session, or announces what moved and
    /// hands the front end the new state. Typing restarts the pause that ends it.
    private func apply(_ event: PickerEvent, to session: PickerSession, shownBy frontEnd: any PickerFrontEnd) {
        let before = session.model
        let now = MonotonicClock.now()
        if let outcome = session.model.apply(event, now: now) {
            end(session, with: outcome)
            return
        }
        if session.model.deadline != before.deadline {
            log.info("\(session.path): the person extended the time limit; \(session.model.timeoutExtensionsLeft) extensions left")
            scheduleTimeout(of: session, now: now)
        }
        switch event {
        case .type, .erase: finishTypingAfterPause(of: session)
        default: session.typingPause?.cancel()
        }
        announceChanges(of: session, from: before)
        frontEnd.update(session.id, session.model.state)
    }

    /// A pause in typing ends the typed time, as a move key does, whichever front end the
    /// person types in.
    private func finishTypingAfterPause(of session: PickerSession) {
        session.typingPause?.cancel()
        session.typingPause = loop.schedule(afterMilliseconds: TypedTime.pauseMilliseconds) { [weak self, weak session] in
            guard let self, let session, self.sessions[session.id] === session, let frontEnd = session.frontEnd else { return }
            self.apply(.finishTyping, to: session, shownBy: frontEnd)
        }
    }

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session id: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        guard let session = sessions[id], session.frontEnd === frontEnd else { return }
        log.warning("\(session.path): \(message)")
        // After a fallback the caller hears both: why neither could show it.
        session.unavailableBecause = session.unavailableBecause.map { "\($0); and \(message)" } ?? message
        end(session, with: .cancelled(reason))
    }

    public func frontEnd(_ frontEnd: any PickerFrontEnd, session id: PickerSessionID, couldNotShow message: String) {
        guard let session = sessions[id], session.frontEnd === frontEnd else { return }
        // Handed over and not shown: back where the person asked for it, which says so.
        if handBack(session, couldNotShow: message) { return }
        // Nobody has seen it: a session that left the choice to the daemon may be shown elsewhere.
        if session.model.options.userInterface == nil, let kind = userInterfaces.fallback,
           let fallback = userInterfaces.frontEnds[kind], fallback !== frontEnd {
            log.notice("\(session.path): \(message); showing it as a \(fallback.kind.rawValue) instead")
            session.unavailableBecause = message
            session.frontEnd = fallback
            fallback.show(id, session.model.state)
            return
        }
        log.warning("\(session.path): \(message)")
        session.unavailableBecause = message
        session.frontEnd = nil
        end(session, with: .cancelled(.unavailable))
    }

    /// PropertiesChanged for what moved since `before`.
    private func announceChanges(of session: PickerSession, from before: PickerModel) {
        var changed: [String: DBusValue] = [:]
        if before.start != session.model.start { changed[TimePickerBus.Property.start] = .string(session.model.start.clockText) }
        if before.end != session.model.end { changed[TimePickerBus.Property.end] = .string(session.model.end.clockText) }
        guard !changed.isEmpty else { return }
        emitSignal(
            .propertiesChanged, of: .properties, on: session.path,
            [.string(TimePickerBus.sessionInterface.rawValue), .vardict(changed), .array(elementSignature: "s", elements: [])])
    }

    /// Ends `session`: its front end withdraws it, the object goes, Response and then exactly one
    /// of Selected or Cancelled go out, and a pending PickTimeRange gets its reply, as does
    /// `cancel`, the Cancel() that ended it (after the signals, so its caller has heard the
    /// outcome once it has its answer). Ending twice does nothing.
    func end(_ session: PickerSession, with outcome: PickerOutcome, answering cancel: DBusMessage? = nil) {
        guard sessions.remove(session) else {
            if let cancel { sendError(.unknownObject("session '\(session.path)' has already ended"), to: cancel) }
            return
        }
        session.timeoutTimer?.cancel()
        session.typingPause?.cancel()
        session.frontEnd?.withdraw(session.id)
        if let terminal = session.callerTerminal { callerTerminals.release(session.id, from: terminal) }
        callerWatch.forget(session.id)

        // Response first, so that a caller reading it has the whole answer when Selected or
        // Cancelled, the signals every caller waits for, arrives.
        emitSignal(
            TimePickerBus.Member.response, of: TimePickerBus.sessionInterface, on: session.path,
            responses.arguments(for: outcome, range: session.model.range))
        switch outcome {
        case .selected(let start, let end):
            emitSignal(TimePickerBus.Member.selected, of: TimePickerBus.sessionInterface, on: session.path, [.string(start.clockText), .string(end.clockText)])
        case .cancelled(let reason):
            emitSignal(TimePickerBus.Member.cancelled, of: TimePickerBus.sessionInterface, on: session.path, [.string(reason.rawValue)])
        }

        if let call = session.pendingCall {
            session.pendingCall = nil
            answerPick(call, of: session, with: outcome)
        }
        if let cancel { sendReply([], to: cancel) }
        // Last: the log never holds an answer back.
        switch outcome {
        case .selected(let start, let end): log.info("session \(session.path) selected \(start)-\(end)")
        case .cancelled(let reason): log.info("session \(session.path) cancelled: \(reason.rawValue)")
        }
    }

    private func answerPick(_ call: DBusMessage, of session: PickerSession, with outcome: PickerOutcome) {
        switch outcome {
        case .selected(let start, let end):
            sendReply([.string(start.clockText), .string(end.clockText)], to: call)
        case .cancelled(.unavailable):
            let kind = session.frontEnd?.kind ?? session.model.options.userInterface ?? userInterfaces.preferred
            let why = session.unavailableBecause ?? "the \(kind.rawValue) user interface is unavailable"
            sendError(.noUserInterface("no user interface can show a time picker: \(why)"), to: call)
        case .cancelled(let reason):
            sendError(.cancelled(reason.rawValue), to: call)
        }
    }
}
