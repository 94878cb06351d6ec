import DBusKit
import DBusKitTesting
import DialogBackend
import Testing
import TimePickerContract
import TimePickerCore

/// A dialog backend of dbus/io.github.timepickerd.impl.TimePicker1.xml, played on a `FakeBus`:
/// it owns the backend's name, shows a dialog per ShowPicker (answered only when the dialog
/// ends), answers Properties.Get of Version at once (it has taken the ShowPickers before it),
/// draws Update, closes on Close (ShowPicker then answers with response 2), and sends the
/// person's moves as Event signals from its own unique name to the daemon alone. It reads
/// ShowPicker and Update as timepickerd-gtk does (`BackendCall`, `DialogRequest`,
/// `DialogState`), so it draws the slots the daemon sent: the next day's, the repeated hour's.
final class FakeDialogBackend {
    /// One dialog as the backend shows it.
    struct Dialog {
        /// The ShowPicker call, answered when the dialog ends.
        let call: DBusMessage
        let session: PickerSessionID
        /// What the dialog draws.
        var state: DialogState
        var isOpen = true
    }

    private let bus: FakeBus
    private let name: BusName
    private(set) var uniqueName: BusName?
    /// Every dialog the backend was asked to show, by handle.
    private(set) var dialogs: [ObjectPath: Dialog] = [:]
    /// The last handle each session's dialog had, for a late event.
    private var lastHandle: [PickerSessionID: ObjectPath] = [:]
    /// Set: no call is answered any more.
    var isStalled = false

    /// A backend that will own `name`.
    init(bus: FakeBus, name: BusName) {
        self.bus = bus
        self.name = name
    }

    /// Connects to the bus and takes the backend's name.
    func start() {
        let unique = bus.connect(FakePeer { [weak self] call in self?.answer(call) ?? .later })
        uniqueName = unique
        bus.own(name, by: unique)
    }

    /// Leaves the bus, as a backend that crashes.
    func leave() {
        guard let uniqueName else { return }
        bus.disconnect(uniqueName)
    }

    /// The session a handle was made for: the daemon makes handles below the session's path,
    /// which `DialogHarness` makes ".../conformanceN".
    static func session(of handle: ObjectPath) -> PickerSessionID? {
        let elements = handle.rawValue.split(separator: "/")
        guard let element = elements.first(where: { $0.hasPrefix("conformance") }),
              let number = UInt64(element.dropFirst("conformance".count))
        else { return nil }
        return PickerSessionID(number)
    }

    /// The open dialog of `session`, with its handle.
    func openDialog(of session: PickerSessionID) -> (handle: ObjectPath, dialog: Dialog)? {
        guard let (handle, dialog) = dialogs.first(where: { $0.value.session == session && $0.value.isOpen }) else { return nil }
        return (handle, dialog)
    }

    /// The person does `event` (its wire text, such as "move 1") in `session`'s dialog, or, for
    /// one that has ended, in the dialog it had last.
    func personSends(_ event: String, in session: PickerSessionID) {
        guard let uniqueName, let handle = openDialog(of: session)?.handle ?? lastHandle[session] else { return }
        do {
            try bus.deliverSignal(
                from: uniqueName, path: DialogBackendBus.path, interface: DialogBackendBus.interface, member: DialogBackendBus.Member.event,
                [.objectPath(handle), .string(event)], unicast: true)
        } catch {
            Issue.record(error, "the fake dialog backend could not send Event")
        }
    }

    /// The person ends `session`'s dialog: OK (response 0, with the selection it shows) or
    /// Cancel (1).
    func personEnds(_ session: PickerSessionID, accepting: Bool) {
        guard let (handle, dialog) = openDialog(of: session) else { return }
        let shown = dialog.state.model
        let results: [String: DBusValue] = accepting ? ["start": .string(shown.start.wireText), "end": .string(shown.end.wireText)] : [:]
        end(handle, response: accepting ? 0 : 1, results: results)
    }

    private func end(_ handle: ObjectPath, response: UInt32, results: [String: DBusValue]) {
        guard let uniqueName, let dialog = dialogs[handle], dialog.isOpen else { return }
        dialogs[handle]?.isOpen = false
        bus.reply(to: dialog.call, from: uniqueName, .values([.uint32(response), .vardict(results)]))
    }

    private func answer(_ call: DBusMessage) -> FakeAnswer {
        guard !isStalled else { return .later }
        let backendCall: BackendCall
        do {
            backendCall = try BackendCall(call)
        } catch {
            return .error(error.name, error.message)
        }
        switch backendCall {
        case .showPicker(let handle, _, let options):
            return showPicker(call, handle, options)
        case .getProperty:
            return .values([.variant(.uint32(1))])
        case .update(let handle, let state):
            guard let dialog = dialogs[handle], dialog.isOpen else { return .error(.unknownObject, "no open dialog \(handle)") }
            do {
                dialogs[handle]?.state = try dialog.state.updated(with: state)
            } catch {
                return .error(.invalidArgs, error.message)
            }
            return .values([])
        case .close(let handle):
            end(handle, response: 2, results: ["reason": .string("closed by the caller")])
            return .values([])
        default:
            return .error(.unknownMethod, "the fake dialog backend does not answer \(call.member?.rawValue ?? "this")")
        }
    }

    /// ShowPicker(handle, parent_window, options): the dialog is shown; answered when it ends.
    private func showPicker(_ call: DBusMessage, _ handle: ObjectPath, _ options: [String: OptionValue]) -> FakeAnswer {
        guard let session = Self.session(of: handle) else { return .error(.invalidArgs, "\(handle) is no handle of a conformance session") }
        let request: DialogRequest
        do {
            request = try DialogRequest(options: options, defaultClock: .twentyFourHour)
        } catch {
            return .error(.invalidArgs, error.message)
        }
        dialogs[handle] = Dialog(call: call, session: session, state: request.state)
        lastHandle[session] = handle
        return .later
    }
}
