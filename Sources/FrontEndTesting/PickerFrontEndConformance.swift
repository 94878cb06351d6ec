/// The `PickerFrontEnd` contract as checks any front end runs from its own tests, as swift-log
/// asks of a `LogHandler`: provide a `PickerFrontEndHarness`, then make sure this test works.
///
/// ```swift
/// @Test(arguments: PickerFrontEndConformance.Check.allCases)
/// func keepsThePickerFrontEndContract(_ check: PickerFrontEndConformance.Check) throws {
///     for breach in try PickerFrontEndConformance.run(check, makeHarness: { try MyFrontEndHarness() }) {
///         Issue.record(breach)
///     }
/// }
/// ```
///
/// Each check makes a new harness, plays the service to the front end (`ServiceStandIn`:
/// a model per session, `update` before a report returns, `withdraw` once when a session
/// ends) and the person and the peer through the harness, and waits for what should follow
/// by turning the loop with a deadline. Whatever breaks the contract is a `ConformanceBreach`
/// it returns; so is every call into the front end that does not return promptly, and every
/// report or `done` that comes on another thread. The suite records nothing itself, so that it
/// needs no test framework (and builds with the rest of the package for a static release):
/// the calling test records what it returns.
public enum PickerFrontEndConformance {
    /// One part of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `show` puts the picker in front of the person, with the state given, and nothing is
        /// reported that the person did not do.
        case showIsSeen
        /// What the person does is reported for the session they did it to, and the `update`
        /// that answers it is what they then see.
        case actionIsReportedAndDrawn
        /// An `update` the service makes on its own is what the person then sees.
        case serviceUpdateIsDrawn
        /// A time on the day after the picker's is shown marked as the next day's, as the
        /// selection moves.
        case nextDayIsMarked
        /// On the night the clocks go back, each of the two times the clock shows twice is shown
        /// as the one it is (marked with its zone's name), as the selection moves through both.
        case repeatedTimeIsTold
        /// `withdraw` takes the picker down; input that comes late is not reported, and a
        /// picker shown next hears only what the person does to it.
        case withdrawTakesDown
        /// Confirming is reported once, the session is withdrawn before the report returns,
        /// with the selection the person saw, and nothing more is reported about it.
        case confirmEnds
        /// Cancelling likewise.
        case cancelEnds
        /// Several sessions, queued or side by side, are each reported for themselves, and
        /// one shown after the service changed it shows the change.
        case severalSessions
        /// The peer leaving ends each session once: `cannotShow` for one the person saw,
        /// `cannotShow` or `couldNotShow` for one they did not; a session shown afterwards is
        /// one of those too, and never seen; nothing is reported after.
        case peerLeaves
        /// `shutdown` calls `done` exactly once, now or later, the pickers go, and nothing is
        /// reported after.
        case shutdownGivesBack
        /// With the peer stalled (a terminal nobody reads, a server that never answers), no
        /// call blocks, and `shutdown` still calls `done`.
        case stalledPeerBlocksNothing

        public var description: String {
            switch self {
            case .showIsSeen: "show puts the picker in front of the person"
            case .actionIsReportedAndDrawn: "a person's action is reported for that session only, and its update is drawn"
            case .serviceUpdateIsDrawn: "an update the service makes is drawn"
            case .nextDayIsMarked: "a time on the next day is shown as the next day's"
            case .repeatedTimeIsTold: "the two 02:30s of the night the clocks go back are told apart"
            case .withdrawTakesDown: "withdraw takes the picker down, and late input is reported for nobody"
            case .confirmEnds: "confirming ends the session with what the person saw, and nothing follows"
            case .cancelEnds: "cancelling ends the session, and nothing follows"
            case .severalSessions: "several sessions are reported separately"
            case .peerLeaves: "the peer leaving ends each session once, and nothing follows"
            case .shutdownGivesBack: "shutdown calls done once, and nothing is reported or shown after"
            case .stalledPeerBlocksNothing: "no call blocks the loop, also with a stalled peer"
            }
        }
    }

    /// How long the suite waits; a slow machine may need longer deadlines, never a shorter
    /// bound for a call.
    public struct Timing: Sendable {
        /// How long something that should follow may take to show (a picker seen, a report).
        public var deadlineMilliseconds: Int
        /// How long the suite watches for something that must not follow (a late report).
        public var settleMilliseconds: Int
        /// How long one call into the front end may take: none may wait for its peer.
        public var promptMilliseconds: Int

        public init(deadlineMilliseconds: Int = 5000, settleMilliseconds: Int = 300, promptMilliseconds: Int = 500) {
            self.deadlineMilliseconds = deadlineMilliseconds
            self.settleMilliseconds = settleMilliseconds
            self.promptMilliseconds = promptMilliseconds
        }
    }

    /// Runs `check` on a front end of a new harness from `makeHarness` (whose error it
    /// throws); what broke the contract, in the order found: none when the front end kept it.
    public static func run(
        _ check: Check, timing: Timing = Timing(), makeHarness: () throws -> any PickerFrontEndHarness
    ) rethrows -> [ConformanceBreach] {
        let harness = try makeHarness()
        return ConformanceRun(harness: harness, timing: timing).perform(check)
    }
}

/// One way a front end broke the `PickerFrontEnd` contract, in words: what was awaited and
/// what there was instead, or what happened that must not.
public struct ConformanceBreach: Error, Sendable, CustomStringConvertible {
    public let description: String
}
