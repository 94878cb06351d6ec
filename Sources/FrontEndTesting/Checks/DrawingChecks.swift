internal import TimePickerCore

/// Showing and drawing: what `show` and `update` put in front of the person, and what the
/// person's action is reported as.
extension ConformanceRun {
    /// `show`, then the person sees the picker as given; nothing is reported that they did not do.
    func checkShowIsSeen() {
        guard let session = service.show(1) else { return }
        waitUntilSeen(session)
        mustNotHappen("a report about \(session), which the person did nothing to: \(service.reports(about: session))") {
            !service.reports(about: session).isEmpty
        }
    }

    /// The person moves in the first of two sessions: the move is reported for that session
    /// alone, the service's `update` answers it, and the person then sees that state. Twice.
    func checkActionIsReportedAndDrawn() {
        guard let first = service.show(1), let second = service.show(2), let secondState = service.state(of: second) else { return }
        guard waitUntilSeen(first) else { return }
        for _ in 1...2 {
            guard let before = service.state(of: first) else { return }
            let reportsBefore = service.reports.count
            harness.personDoes(.moveLater, to: first)
            let moved = waitFor("the person's move in \(first) to be reported, and its update drawn",
                                detail: { "reports: \(service.reports.dropFirst(reportsBefore)); the person saw \(seenText(first))" }) {
                guard let state = service.state(of: first), state != before else { return false }
                return harness.seenPicker(first) == SeenPicker(state)
            }
            guard moved else { return }
            let reported = service.reports.dropFirst(reportsBefore)
            expect(reported.allSatisfy { $0.session == first.id }, "the move in \(first) was reported for another session: \(Array(reported))")
            expect(!reported.contains { $0.endsShowing }, "a move ended \(first): \(Array(reported))")
        }
        expect(service.reports(about: second).isEmpty, "the person did nothing to \(second), yet: \(service.reports(about: second))")
        expect(service.state(of: second) == secondState, "\(second) changed, though the person did nothing to it")
    }

    /// The service changes a shown session on its own (`update` with no event before it): the
    /// person sees each change.
    func checkServiceUpdateIsDrawn() {
        guard let session = service.show(1), waitUntilSeen(session) else { return }
        service.change(session, by: .move(by: 2))
        guard waitUntilSeen(session) else { return }
        service.change(session, by: .moveToLast)
        waitUntilSeen(session)
        expect(service.reports(about: session).isEmpty, "the service's updates were reported back as the person's: \(service.reports(about: session))")
    }
}
