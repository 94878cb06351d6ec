import FrontEndTesting
import Testing

/// Each check can fail: run against a front end with a defect, the check that covers it records
/// an issue (a known one here), and without the defect the same front end passes every check.
@Suite("PickerFrontEndConformance catches what breaks the contract")
struct SuiteCatchesDefectsTests {
    /// Each defect, and a check that must catch it: together they cover every check.
    static let caught: [(BrokenFrontEnd.Defect, PickerFrontEndConformance.Check)] = [
        (.showsNothing, .showIsSeen),
        (.reportsUnasked, .showIsSeen),
        (.drawsNoUpdate, .actionIsReportedAndDrawn),
        (.drawsNoUpdate, .serviceUpdateIsDrawn),
        (.reportsForAnotherSession, .actionIsReportedAndDrawn),
        (.reportsForAnotherSession, .severalSessions),
        (.reportsOnAnotherThread, .actionIsReportedAndDrawn),
        (.keepsWithdrawnShown, .withdrawTakesDown),
        (.reportsAfterWithdraw, .withdrawTakesDown),
        (.reportsAfterEnding, .confirmEnds),
        (.reportsAfterEnding, .cancelEnds),
        (.confirmsUnseenSelection, .confirmEnds),
        (.dropsNextDayMark, .nextDayIsMarked),
        (.confusesRepeatedTimes, .repeatedTimeIsTold),
        (.losesSilently, .peerLeaves),
        (.losesTwice, .peerLeaves),
        (.handsBackSeenSessions, .peerLeaves),
        (.callsDoneTwice, .shutdownGivesBack),
        (.neverCallsDone, .shutdownGivesBack),
        (.reportsAfterShutdown, .shutdownGivesBack),
        (.blocksOnStalledPeer, .stalledPeerBlocksNothing),
    ]

    @Test("A defect is caught", arguments: caught)
    func defectIsCaught(_ defect: BrokenFrontEnd.Defect, by check: PickerFrontEndConformance.Check) {
        withKnownIssue("\(defect) breaks '\(check)'") {
            expectConformance(check, timing: Self.quick) { BrokenFrontEndHarness(defect) }
        } matching: { issue in
            // What the check found about the front end, not a harness that failed to start
            // (an error thrown while making it), which proves nothing about the check.
            issue.error is ConformanceBreach
        }
    }

    @Test("Without a defect, the same front end keeps the contract", arguments: PickerFrontEndConformance.Check.allCases)
    func soundFrontEndPasses(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check, timing: Self.quick) { BrokenFrontEndHarness(nil) }
    }

    @Test("Every defect is shown caught, and every check catches one")
    func coverage() {
        #expect(Set(Self.caught.map(\.0)) == Set(BrokenFrontEnd.Defect.allCases))
        #expect(Set(Self.caught.map(\.1)) == Set(PickerFrontEndConformance.Check.allCases))
    }

    /// Deadlines for a front end in memory: what is coming comes at once.
    static let quick = PickerFrontEndConformance.Timing(deadlineMilliseconds: 1000, settleMilliseconds: 100)
}
