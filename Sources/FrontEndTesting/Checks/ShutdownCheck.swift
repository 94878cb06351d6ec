internal import TimePickerCore

/// The daemon stopping.
extension ConformanceRun {
    /// `shutdown` with two sessions shown (then withdrawn, as the service does after it): `done`
    /// is called exactly once, now or later; the pickers go; neither late input nor the peer
    /// leaving then is reported.
    func checkShutdownGivesBack() {
        guard let first = service.show(1), let second = service.show(2), waitUntilSeen(first) else { return }
        service.shutdown()
        guard waitFor("shutdown to call done", { service.doneCalls > 0 }) else { return }
        waitUntilGone(first)
        waitUntilGone(second)
        harness.personDoes(.moveLater, to: first)
        harness.takePeerAway()
        // The service counts further calls of done, and reports, as they come.
        mustNotHappen("\(first) or \(second) was seen again after shutdown") {
            harness.seenPicker(first) != nil || harness.seenPicker(second) != nil
        }
    }
}
