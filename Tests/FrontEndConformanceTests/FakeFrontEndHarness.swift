import EventLoop
import FrontEndTesting
import TimePickerCore

/// `FakeFrontEnd` for the conformance suite: its screen is what it shows, its person is the
/// test, and its "peer" is that screen, which the harness can take away.
final class FakeFrontEndHarness: PickerFrontEndHarness {
    let fake = FakeFrontEnd(kind: .terminal)
    private let loop = EventLoop()

    /// With `givesBackAtOnce` false, `shutdown` calls `done` on a later turn of the loop.
    init(givesBackAtOnce: Bool = true) {
        fake.givesBackAtOnce = givesBackAtOnce
    }

    var frontEnd: any PickerFrontEnd { fake }

    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        fake.shown[session.id].map(SeenPicker.init)
    }

    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        switch action {
        case .moveLater: fake.personDoes(.move(by: 1), in: session.id)
        case .confirm: fake.personDoes(.confirm, in: session.id)
        case .cancel: fake.personDoes(.cancel, in: session.id)
        }
    }

    func takePeerAway() {
        for session in fake.shown.keys.sorted(by: { $0.rawValue < $1.rawValue }) { fake.lose(session) }
        fake.showBehaviour = .couldNotShow("the fake screen is gone")
    }

    /// A screen in the test's memory cannot stall.
    func stallPeer() {}

    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool {
        // What a later give-back would be: the loop turns, the screen is given back.
        loop.runSoon { [fake] in fake.finishShutdown() }
        return loop.turn(until: condition, withinMilliseconds: milliseconds)
    }
}
