internal import TimePickerCore

/// One check under way: the harness, the service the suite plays, and the waiting the checks
/// share. Every wait turns the front end's loop with a deadline; none sleeps.
final class ConformanceRun {
    let harness: any PickerFrontEndHarness
    let service: ServiceStandIn
    let timing: PickerFrontEndConformance.Timing

    init(harness: any PickerFrontEndHarness, timing: PickerFrontEndConformance.Timing) {
        self.harness = harness
        self.timing = timing
        service = ServiceStandIn(frontEnd: harness.frontEnd, timing: timing)
    }

    /// Runs `check`, then stops the front end as the daemon does, if the check did not; what
    /// broke the contract.
    func perform(_ check: PickerFrontEndConformance.Check) -> [ConformanceBreach] {
        switch check {
        case .showIsSeen: checkShowIsSeen()
        case .actionIsReportedAndDrawn: checkActionIsReportedAndDrawn()
        case .serviceUpdateIsDrawn: checkServiceUpdateIsDrawn()
        case .nextDayIsMarked: checkMarkedTimes(of: .overnight)
        case .repeatedTimeIsTold: checkMarkedTimes(of: .clocksBack)
        case .withdrawTakesDown: checkWithdrawTakesDown()
        case .confirmEnds: checkEnding(by: .confirm)
        case .cancelEnds: checkEnding(by: .cancel)
        case .severalSessions: checkSeveralSessions()
        case .peerLeaves: checkPeerLeaves()
        case .shutdownGivesBack: checkShutdownGivesBack()
        case .stalledPeerBlocksNothing: checkStalledPeerBlocksNothing()
        }
        if !service.isShutDown {
            service.shutdown()
            waitFor("shutdown to call done") { service.doneCalls > 0 }
        }
        service.recordForeignBreaches()
        return service.breaches
    }

    // MARK: Waiting

    /// Turns the loop until `condition` holds, and records an issue saying `what` was awaited
    /// (and `detail`, what there was instead) when the deadline passes first.
    @discardableResult
    func waitFor(_ what: String, detail: () -> String = { "" }, _ condition: () -> Bool) -> Bool {
        defer { service.recordForeignBreaches() }
        if harness.turnLoop(until: condition, withinMilliseconds: timing.deadlineMilliseconds) { return true }
        let instead = detail()
        service.record("timed out after \(timing.deadlineMilliseconds) ms waiting for \(what)" + (instead.isEmpty ? "" : "; \(instead)"))
        return false
    }

    /// Turns the loop for the settle time, watching for `forbidden`, which must not happen; an
    /// issue saying `what` happened when it does. Stops early at any issue the service records.
    func mustNotHappen(_ what: String, _ forbidden: () -> Bool = { false }) {
        let issuesBefore = service.violations
        _ = harness.turnLoop(until: { forbidden() || service.violations > issuesBefore }, withinMilliseconds: timing.settleMilliseconds)
        service.recordForeignBreaches()
        if forbidden() { service.record(what) }
    }

    /// Turns the loop a few times, as the daemon does between calls; records a turn that took
    /// too long (something the front end runs on the loop blocked it).
    func turnBriefly() {
        var turns = 0
        let clock = ContinuousClock()
        let took = clock.measure {
            _ = harness.turnLoop(until: { turns += 1; return turns > 3 }, withinMilliseconds: 5)
        }
        let limit = Duration.milliseconds(timing.promptMilliseconds + 5)
        if took > limit { service.record("turning the loop took \(took), more than \(limit): something the front end ran on it blocked") }
    }

    /// Waits until the person sees `session` as the service holds it.
    @discardableResult
    func waitUntilSeen(_ session: ConformanceSession) -> Bool {
        waitFor("the person to see \(session) as \(service.state(of: session).map { SeenPicker($0).description } ?? "(ended)")",
                detail: { "they saw \(seenText(session))" }) {
            guard let state = service.state(of: session) else { return false }
            return harness.seenPicker(session) == SeenPicker(state)
        }
    }

    /// Waits until the person no longer sees `session`.
    func waitUntilGone(_ session: ConformanceSession) {
        waitFor("\(session) to go from in front of the person", detail: { "they still saw \(seenText(session))" }) {
            harness.seenPicker(session) == nil
        }
    }

    /// What the person sees of `session`, for a message.
    func seenText(_ session: ConformanceSession) -> String {
        harness.seenPicker(session).map(\.description) ?? "nothing of it"
    }

    /// Records `comment` unless `condition` holds.
    func expect(_ condition: Bool, _ comment: @autoclosure () -> String) {
        if !condition { service.record(comment()) }
    }
}
