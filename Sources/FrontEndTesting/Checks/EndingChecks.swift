internal import TimePickerCore

/// How a session leaves the front end: withdrawn by the service, or ended by the person.
extension ConformanceRun {
    /// `withdraw` takes the picker down; input for it that comes late is reported for nobody,
    /// and a picker shown next hears only what the person does to it.
    func checkWithdrawTakesDown() {
        guard let first = service.show(1), waitUntilSeen(first) else { return }
        service.withdraw(first.id)
        waitUntilGone(first)
        harness.personDoes(.moveLater, to: first)
        mustNotHappen("input after \(first) was withdrawn was reported")
        guard let next = service.show(2), waitUntilSeen(next) else { return }
        mustNotHappen("\(next) heard of input the person gave before it was shown: \(service.reports(about: next))") {
            !service.reports(about: next).isEmpty
        }
    }

    /// The person confirms or cancels, and presses on at once: that event is reported once, the
    /// service withdraws the session before the report returns (with the selection the person
    /// saw, when confirmed), the picker goes, and nothing more is reported about it, neither
    /// what came in the same instant nor later. What came in that instant is not the next
    /// session's either (it may take the screen at once): the person had not seen it yet.
    func checkEnding(by action: PersonAction) {
        guard let session = service.show(1), let next = service.show(2), waitUntilSeen(session),
              let seen = harness.seenPicker(session), let grid = service.state(of: session)?.options.grid
        else { return }
        harness.personDoes(action, to: session)
        // In the same instant, before the loop turns: a terminal reads both keys at once.
        harness.personDoes(.moveLater, to: session)
        guard waitFor("the person's \(action) to end \(session)", detail: { "reports: \(service.reports(about: session))" }, {
            !service.isOpen(session)
        }) else { return }
        let outcome = service.outcomes[session.id]
        let ended: String
        switch outcome {
        case .selected(let start, let end)?:
            let chosen = grid.index(of: start).flatMap { start in grid.index(of: end).map { SeenPicker(start: SeenTime(grid, start), end: SeenTime(grid, $0)) } }
            ended = chosen.map { "selected \($0)" } ?? "selected \(start)–\(end), off the grid"
        case .cancelled(let reason)?: ended = "cancelled (\(reason.rawValue))"
        case nil: ended = "nothing the person did"
        }
        let expected = action == .confirm ? "selected \(seen)" : "cancelled (user)"
        expect(ended == expected, "\(session) ended as \(ended), not \(expected)")
        let endings = service.reports(about: session).filter {
            if case .event(_, let event) = $0 { event == .confirm || event == .cancel } else { false }
        }
        expect(endings.count == 1, "the person's \(action) was reported as \(endings.count) ending events: \(service.reports(about: session))")
        expect(service.withdrawals[session.id] == 1, "\(session) was withdrawn \(service.withdrawals[session.id] ?? 0) times")
        waitUntilGone(session)
        mustNotHappen("\(next) heard of what the person did to \(session): \(service.reports(about: next))") {
            !service.reports(about: next).isEmpty
        }
        if service.isOpen(next) { service.withdraw(next.id) }
        harness.personDoes(.moveLater, to: session)
        mustNotHappen("input after \(session) ended was reported")
    }
}
