import CallerApps
import DBusKit
import DBusKitTesting
import DialogUI
import EventLoop
import FrontEndTesting
import Glibc
import TimePickerContract
import TimePickerCore

/// `DialogFrontEnd` over a `FakeBus` on which a `FakeDialogBackend` plays timepickerd-gtk: the
/// person sees the dialogs the backend has open, moves in them (Event) and ends them (ShowPicker's
/// answer); the peer is the backend, which leaves the bus or stops answering.
final class DialogHarness: PickerFrontEndHarness {
    private let loop = EventLoop()
    private let bus: FakeBus
    private let backend: FakeDialogBackend
    private let dialogs: DialogFrontEnd

    init() {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        backend = FakeDialogBackend(bus: bus, name: DialogBackendBus.gtkName)
        backend.start()
        dialogs = DialogFrontEnd(backendName: DialogBackendBus.gtkName, bus: bus, loop: loop, caller: { _ in .connection(":1.1") }) { session in
            ObjectPath("/io/github/timepickerd/TimePicker1/session/conformance\(session.rawValue)")
        }
    }

    var frontEnd: any PickerFrontEnd { dialogs }

    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        backend.openDialog(of: session.id).map { SeenPicker($0.dialog.state.model) }
    }

    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        switch action {
        case .moveLater: backend.personSends("move 1", in: session.id)
        case .confirm: backend.personEnds(session.id, accepting: true)
        case .cancel: backend.personEnds(session.id, accepting: false)
        }
    }

    func takePeerAway() {
        backend.leave()
    }

    func stallPeer() {
        backend.isStalled = true
    }

    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool {
        loop.turn(until: condition, withinMilliseconds: milliseconds)
    }
}
