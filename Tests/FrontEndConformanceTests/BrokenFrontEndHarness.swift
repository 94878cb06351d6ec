import EventLoop
import FrontEndTesting
import TimePickerCore

/// `BrokenFrontEnd` for the conformance suite.
final class BrokenFrontEndHarness: PickerFrontEndHarness {
    private let broken: BrokenFrontEnd
    private let loop = EventLoop()

    init(_ defect: BrokenFrontEnd.Defect?) {
        broken = BrokenFrontEnd(defect)
    }

    var frontEnd: any PickerFrontEnd { broken }

    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        broken.seen(session.id)
    }

    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        switch action {
        case .moveLater: broken.personDoes(.move(by: 1), in: session.id)
        case .confirm: broken.personDoes(.confirm, in: session.id)
        case .cancel: broken.personDoes(.cancel, in: session.id)
        }
    }

    func takePeerAway() { broken.loseScreen() }

    func stallPeer() { broken.isStalled = true }

    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool {
        loop.turn(until: condition, withinMilliseconds: milliseconds)
    }
}
