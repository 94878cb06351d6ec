internal import TimePickerCore

/// The peer in front of the front end (a terminal, a server, a backend) going away or stalling.
extension ConformanceRun {
    /// The peer leaves with two sessions shown (the second perhaps queued): each ends once,
    /// with `cannotShow` when the person saw it; one shown afterwards ends likewise and is never
    /// seen; nothing is reported after.
    func checkPeerLeaves() {
        guard let first = service.show(1), let second = service.show(2), waitUntilSeen(first) else { return }
        let sessions = [first, second]
        let seenAtLoss = sessions.filter { harness.seenPicker($0) != nil }
        harness.takePeerAway()
        guard waitFor("each session to be reported lost or handed back once the peer left", detail: { "reports: \(service.reports)" }, {
            sessions.allSatisfy { !service.isOpen($0) }
        }) else { return }
        for session in seenAtLoss {
            expect(service.reports(about: session).contains { if case .cannotShow = $0 { true } else { false } },
                   "the person saw \(session), so losing it is cannotShow, not: \(service.reports(about: session))")
        }
        guard let late = service.show(3) else { return }
        waitFor("\(late), shown after the peer left, to be reported lost or handed back", detail: { "reports: \(service.reports(about: late))" }) {
            !service.isOpen(late)
        }
        expect(service.reports(about: late).allSatisfy(\.endsShowing), "\(late) had events though nobody could see it: \(service.reports(about: late))")
        mustNotHappen("\(late) was seen, though the peer had left") { harness.seenPicker(late) != nil }
    }

    /// The peer stalls with a session shown: a hundred updates, two more sessions, a withdrawal
    /// and shutdown all return promptly (the service checks every call, and every turn of the
    /// loop is timed), and `done` still comes.
    func checkStalledPeerBlocksNothing() {
        guard let first = service.show(1), waitUntilSeen(first) else { return }
        harness.stallPeer()
        for round in 0..<100 {
            service.change(first, by: .move(by: round.isMultiple(of: 2) ? 1 : -1))
            turnBriefly()
        }
        guard let second = service.show(2), service.show(3) != nil else { return }
        turnBriefly()
        service.withdraw(second.id)
        turnBriefly()
        service.shutdown()
        waitFor("shutdown to call done, with the peer stalled") { service.doneCalls > 0 }
    }
}
