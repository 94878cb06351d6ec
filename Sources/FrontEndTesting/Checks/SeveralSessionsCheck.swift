internal import TimePickerCore

/// Several sessions at once, queued or side by side.
extension ConformanceRun {
    /// Three sessions, the second changed by the service before the person has acted on any:
    /// each in turn, the last one the person sees, is moved and confirmed, and what is reported
    /// meanwhile is about that one alone; each is seen as the service holds it.
    func checkSeveralSessions() {
        guard let first = service.show(1), let second = service.show(2), let third = service.show(3) else { return }
        service.change(second, by: .move(by: 1))
        var remaining = [first, second, third]
        while !remaining.isEmpty {
            var target: ConformanceSession?
            let found = waitFor("one of \(remaining) to be seen as the service holds it",
                                detail: { remaining.map { "\($0) seen as \(seenText($0))" }.joined(separator: ", ") }) {
                target = remaining.last { session in
                    service.state(of: session).map { harness.seenPicker(session) == SeenPicker($0) } ?? false
                }
                return target != nil
            }
            guard found, let target, let before = service.state(of: target) else { return }
            let reportsBefore = service.reports.count
            harness.personDoes(.moveLater, to: target)
            guard waitFor("the person's move in \(target) to be reported and drawn",
                          detail: { "reports: \(Array(service.reports.dropFirst(reportsBefore))); the person saw \(seenText(target))" }, {
                guard let state = service.state(of: target), state != before else { return false }
                return harness.seenPicker(target) == SeenPicker(state)
            }) else { return }
            harness.personDoes(.confirm, to: target)
            guard waitFor("the person's confirm to end \(target)", { !service.isOpen(target) }) else { return }
            let reported = service.reports.dropFirst(reportsBefore)
            expect(reported.allSatisfy { $0.session == target.id }, "what the person did to \(target) was reported for another session: \(Array(reported))")
            if case .selected? = service.outcomes[target.id] {} else {
                service.record("\(target) ended as \(service.outcomes[target.id].map { "\($0)" } ?? "nothing"), not with the person's selection")
            }
            remaining.removeAll { $0 == target }
        }
    }
}
