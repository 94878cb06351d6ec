public import TimePickerCore

/// Handing a session over from one front end to another the person asked for (a notification's
/// "Choose in a window…"): the same session object, signals, state and timeout, shown elsewhere.
extension TimePickerService {
    /// A session shown as a notification may go on in a dialog when the dialog front end could
    /// show it now, the caller did not ask for notifications by name (`ui`: the daemon does not
    /// show such a session elsewhere), and no dialog has failed it already (a fallback from
    /// one, or a hand-over that could not open a window).
    public func frontEnd(_ frontEnd: any PickerFrontEnd, handOverFor id: PickerSessionID) -> HandOverOffer {
        guard let session = sessions[id], session.frontEnd === frontEnd, frontEnd.kind == .notification else { return .none }
        if session.handOverFailed { return .failed }
        guard session.unavailableBecause == nil, session.model.options.userInterface != .notification,
              let dialog = userInterfaces.frontEnds[.dialog] as? any HandOverTarget, dialog.acceptsHandOver
        else { return .none }
        return .to(.dialog)
    }

    public func frontEnd(
        _ frontEnd: any PickerFrontEnd, session id: PickerSessionID, handsOverTo kind: UserInterfaceKind, activationToken: String?
    ) {
        guard let session = sessions[id], session.frontEnd === frontEnd,
              self.frontEnd(frontEnd, handOverFor: id) == .to(kind), let target = userInterfaces.frontEnds[kind]
        else { return }
        // The desktop's token for the person's click lets the new window have the focus.
        let tokenTaken = activationToken.map { session.model.useActivationToken($0) } ?? false
        log.info(
            "\(session.path): handed over from the \(frontEnd.kind.rawValue) to a \(kind.rawValue), "
                + (tokenTaken ? "with the desktop's activation token"
                    : activationToken == nil ? "without an activation token" : "without the desktop's activation token, which was not one"))
        frontEnd.withdraw(id)
        session.handedOverFrom = frontEnd
        session.frontEnd = target
        target.show(id, session.model.state)
    }

    /// When `session` was handed over and its new front end could not show it: back to the one
    /// it came from, which tells the person, and never offers it again. False when it was not.
    func handBack(_ session: PickerSession, couldNotShow message: String) -> Bool {
        guard let previous = session.handedOverFrom, previous !== session.frontEnd else { return false }
        log.notice("\(session.path): \(message); back to the \(previous.kind.rawValue)")
        session.handedOverFrom = nil
        session.handOverFailed = true
        session.frontEnd = previous
        previous.show(session.id, session.model.state)
        return true
    }
}
