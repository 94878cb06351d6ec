import FrontEndTesting
import Testing

/// Runs `check` on a front end of a new harness and records each breach of the contract, or a
/// harness that could not be made, at the calling test.
func expectConformance(
    _ check: PickerFrontEndConformance.Check, timing: PickerFrontEndConformance.Timing = .init(),
    sourceLocation: SourceLocation = #_sourceLocation, makeHarness: () throws -> any PickerFrontEndHarness
) {
    do {
        for breach in try PickerFrontEndConformance.run(check, timing: timing, makeHarness: makeHarness) {
            Issue.record(breach, sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(error, "the harness could not be made", sourceLocation: sourceLocation)
    }
}
