internal import TimePickerContract
internal import DBusKit
internal import Glibc
internal import TimePickerCore

/// The daemon's proxy for a dialog backend on the bus (`dbus/io.github.timepickerd.impl.TimePicker1.xml`):
/// asynchronous calls on the daemon's own connection, so a slow or frozen
/// backend never stalls the bus, sent to the unique name that owns the backend's name (so a
/// replacement never receives another process's Update or Close), and a dialog's Event signals
/// taken only from the process its ShowPicker went to.
final class BackendProxy {
    /// The backend's well-known name, as `--dialog-backend` chose it.
    let name: BusName
    private let bus: any MessageBus
    /// How long an Update or Close may take: a backend that takes longer is not answering.
    static let callTimeoutMilliseconds: Int32 = 5_000
    /// How long starting the backend may take (D-Bus activation, then GTK's start-up).
    static let startTimeoutMilliseconds: Int32 = 25_000

    /// Why a call to the backend failed, in a line for the log and the caller.
    struct Failure: Error {
        let message: String
        /// The name (or the owner it was sent to) is not on the bus: it left or was never there.
        let isAbsent: Bool
        /// The backend answered with an error of its own (or the bus refused the call), so the
        /// call did nothing; not so when it went unanswered (the backend died or timed out).
        var isRefusal = false
        /// The bus said the backend left it without answering (NoReply from the bus itself,
        /// not a timeout of ours): it exited or crashed with the call still unanswered.
        var recipientLeft = false
    }

    /// How a dialog ended, as ShowPicker's late reply says.
    enum Response {
        /// OK: the selection the person saw and accepted.
        case accepted(start: String?, end: String?)
        case cancelled
        /// Closed, or never shown (no display, too many dialogs); the reason is for the log.
        case ended(reason: String)
    }

    init(name: BusName, bus: any MessageBus) {
        self.name = name
        self.bus = bus
    }

    /// The unique name that owns `name`, starting the backend first (D-Bus activation) when
    /// nobody owns it. A backend that runs is used as it is: the bus refuses to "start" a name
    /// no activation file provides even while a process owns it (a backend run by hand, a
    /// desktop shell's own), so it is asked for only when the name has no owner. The owner must
    /// run as the daemon's own user: a bus that admits other users lets them take any free
    /// name, and what such a process answers is nobody's choice at this screen.
    func resolveOwner(completion: @escaping (Result<BusName, Failure>) -> Void) {
        bus.resolveOwner(of: name, timeoutMilliseconds: Self.callTimeoutMilliseconds, startTimeoutMilliseconds: Self.startTimeoutMilliseconds) {
            [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let owner): self.checkUser(of: owner, completion: completion)
            case .failure(let failure): completion(.failure(Self.failure(failure, of: .startServiceByName, name: self.name)))
            }
        }
    }

    /// Whether the backend could be had without waiting for it, as the bus says: its name has
    /// an owner, or an activation file provides it (NameHasOwner, then ListActivatableNames).
    /// False when the bus does not say.
    func askAvailability(completion: @escaping (_ hasOwner: Bool, _ isActivatable: Bool) -> Void) {
        busCall(.nameHasOwner, [.string(name.rawValue)], timeout: Self.callTimeoutMilliseconds) { [weak self] result in
            guard let self else { return }
            let hasOwner = if case .success(let values) = result, case .boolean(true)? = values.first { true } else { false }
            self.askActivatable { isActivatable in completion(hasOwner, isActivatable) }
        }
    }

    /// ListActivatableNames: whether the bus can start the backend. False when it does not say.
    func askActivatable(completion: @escaping (Bool) -> Void) {
        busCall(.listActivatableNames, [], timeout: Self.callTimeoutMilliseconds) { [name] result in
            guard case .success(let values) = result, case .array(_, let names)? = values.first else {
                completion(false)
                return
            }
            completion(names.contains(.string(name.rawValue)))
        }
    }

    /// GetConnectionUnixUser: `owner` when the bus vouches that it runs as the daemon's user.
    private func checkUser(of owner: BusName, completion: @escaping (Result<BusName, Failure>) -> Void) {
        bus.askUnixUser(of: owner, timeoutMilliseconds: Self.callTimeoutMilliseconds) { [name] answer in
            switch answer {
            case .failure(let failure) where failure.name == .nameHasNoOwner:
                // It left between the two questions.
                completion(.failure(Failure(message: "no dialog backend \(name) on the bus (\(Self.clipped(failure.message)))", isAbsent: true)))
            case .failure(let failure):
                completion(.failure(Failure(
                    message: "the bus did not say who runs the dialog backend \(name) (\(owner)): \(Self.clipped(failure.message))",
                    isAbsent: false)))
            case .success(let user) where user != getuid():
                completion(.failure(Failure(
                    message: "the dialog backend \(name) is owned by \(owner), a process of another user (uid \(user)), which is not trusted with this user's pickers",
                    isAbsent: false)))
            case .success:
                completion(.success(owner))
            }
        }
    }

    /// ShowPicker: shows a dialog for `handle` at `owner`; `completion` has how it ended, which
    /// may be long after (the call waits for the person, with no time limit of its own: the
    /// daemon closes the dialog when the session ends, and gives the call up then, as a backend
    /// may never answer it). Nil when the call could not be sent (`completion` said why).
    @discardableResult
    func showPicker(
        at owner: BusName, handle: ObjectPath, parentWindow: String, options: [String: DBusValue],
        completion: @escaping (Result<Response, Failure>) -> Void
    ) -> (any OutstandingCall)? {
        call(owner, DialogBackendBus.Member.showPicker, [.objectPath(handle), .string(parentWindow), .vardict(options)],
             timeout: DBusConnection.infiniteTimeout) { result in
            completion(result.flatMap(Self.response(from:)))
        }
    }

    /// Properties.Get of the interface's Version at `owner`, sent right after a ShowPicker to
    /// learn when the backend has taken it: `completion(true)` once `owner` itself answered (a
    /// value, or an error of its own from a backend without the property), which a backend that
    /// handles a connection's calls in order does only after the ShowPicker (the interface file
    /// says so). False when it left the bus first, or did not answer within
    /// `startTimeoutMilliseconds`. Peer.Ping would not do: a backend's D-Bus library may answer
    /// it ahead of the calls waiting for its main loop (GDBus does, on its worker thread).
    func confirmTaken(at owner: BusName, completion: @escaping (Bool) -> Void) {
        do {
            let message = try DBusMessage.methodCall(destination: owner, path: DialogBackendBus.path, interface: .properties, member: .get)
            try message.append(contentsOf: [.string(DialogBackendBus.interface.rawValue), .string(DialogBackendBus.Property.version)])
            try bus.call(message, timeoutMilliseconds: Self.startTimeoutMilliseconds) { reply in
                completion(reply.sender == owner)
            }
        } catch {
            completion(false)
        }
    }

    /// Update: the dialog's new state; `completion` once the backend answered or failed to.
    func update(at owner: BusName, handle: ObjectPath, state: [String: DBusValue], completion: @escaping (Failure?) -> Void) {
        call(owner, DialogBackendBus.Member.update, [.objectPath(handle), .vardict(state)], timeout: Self.callTimeoutMilliseconds) { result in
            if case .failure(let failure) = result { completion(failure) } else { completion(nil) }
        }
    }

    /// Close: takes the dialog down; `completion` once the backend answered or failed to.
    func close(at owner: BusName, handle: ObjectPath, completion: @escaping () -> Void = {}) {
        call(owner, DialogBackendBus.Member.close, [.objectPath(handle)], timeout: Self.callTimeoutMilliseconds) { _ in completion() }
    }

    /// The sender, handle and event text of an Event signal in `signal`.
    static func event(in signal: DBusMessage) -> (sender: BusName, handle: ObjectPath, text: String)? {
        dialogSignal(DialogBackendBus.Member.event, in: signal, maximumBytes: 256)
    }

    /// The sender, handle and message of a Notice signal in `signal`.
    static func notice(in signal: DBusMessage) -> (sender: BusName, handle: ObjectPath, text: String)? {
        dialogSignal(DialogBackendBus.Member.notice, in: signal, maximumBytes: 1024)
    }

    /// The sender, handle and text of a `member` signal (handle, text) in `signal`, its strings
    /// no longer than `maximumBytes` in all.
    private static func dialogSignal(
        _ member: MemberName, in signal: DBusMessage, maximumBytes: Int
    ) -> (sender: BusName, handle: ObjectPath, text: String)? {
        guard let sender = signal.sender, signal.path == DialogBackendBus.path, signal.interface == DialogBackendBus.interface,
              signal.member == member, signal.signature == "os",
              let values = try? signal.arguments(maximumValues: 2, maximumStringBytes: maximumBytes), values.count == 2,
              case .objectPath(let handle) = values[0], case .string(let text) = values[1]
        else { return nil }
        return (sender, handle, text)
    }

    /// The bus saying `name` changed hands, when `signal` is that.
    func ownerChange(in signal: DBusMessage) -> NameOwnerChange? {
        guard let change = NameOwnerChange(signal), change.name == name else { return nil }
        return change
    }

    // MARK: Calls

    /// ShowPicker's reply: (u response, a{sv} results).
    private static func response(from values: [DBusValue]) -> Result<Response, Failure> {
        guard values.count == 2, case .uint32(let code) = values[0], let results = values[1].stringKeyedEntries else {
            return .failure(Failure(message: "the dialog backend answered ShowPicker with something other than (ua{sv})", isAbsent: false))
        }
        func string(_ key: String) -> String? {
            for entry in results where entry.key == key {
                if case .variant(.string(let text)) = entry.value { return text }
            }
            return nil
        }
        switch code {
        case 0: return .success(.accepted(start: string(DialogBackendBus.ResultKey.start), end: string(DialogBackendBus.ResultKey.end)))
        case 1: return .success(.cancelled)
        default: return .success(.ended(reason: string(DialogBackendBus.ResultKey.reason).map(clipped) ?? "response \(code)"))
        }
    }

    /// A backend's text (an error's message, a reason) as it may go into a log line and a
    /// caller's error: one line, neutralised, at most 200 Unicode scalars.
    static func clipped(_ text: String) -> String {
        displayBounded(text, maxScalars: maxShownReasonScalars)
    }

    /// Calls the backend interface's `member` at `owner`.
    @discardableResult
    private func call(
        _ owner: BusName, _ member: MemberName, _ arguments: [DBusValue], timeout: Int32,
        completion: @escaping (Result<[DBusValue], Failure>) -> Void
    ) -> (any OutstandingCall)? {
        send(member, of: DialogBackendBus.interface, on: DialogBackendBus.path, at: owner, arguments, timeout: timeout, completion: completion)
    }

    /// Calls the bus's own `member` (owners, activation).
    private func busCall(_ member: MemberName, _ arguments: [DBusValue], timeout: Int32, completion: @escaping (Result<[DBusValue], Failure>) -> Void) {
        send(member, of: .messageBus, on: .messageBus, at: .messageBus, arguments, timeout: timeout, completion: completion)
    }

    /// Makes the call; its failure in the words of the log and the caller, and what it means
    /// for the dialog: the backend is not there, it refused, or it left without answering.
    @discardableResult
    private func send(
        _ member: MemberName, of interface: InterfaceName, on path: ObjectPath, at destination: BusName, _ arguments: [DBusValue],
        timeout: Int32, completion: @escaping (Result<[DBusValue], Failure>) -> Void
    ) -> (any OutstandingCall)? {
        let name = self.name
        return bus.call(member, of: interface, on: path, at: destination, arguments, timeoutMilliseconds: timeout, maximumValues: 64) { answer in
            completion(answer.map(\.values).mapError { Self.failure($0, of: member, name: name) })
        }
    }

    /// The failure of a call of `member` to the backend `name` or to the bus about it, in the
    /// words of the log and the caller, and what it means for the dialog: the backend is not
    /// there, it refused, or it left without answering.
    private static func failure(_ failure: DBusFailure, of member: MemberName, name: BusName) -> Failure {
        let error = failure.name
        let detail = clipped(failure.message)
        let message: String
        if error.meansAbsent {
            message = "no dialog backend \(name) on the bus (\(detail))"
        } else if error.isSpawnFailure {
            message = "the dialog backend \(name) could not be started: \(detail)"
        } else if error == .noReply || error == .timeout {
            message = "the dialog backend \(name) gave no answer to \(member): \(detail)"
        } else if failure.sender == nil, error != .disconnected {
            // Not sent at all (libdbus refused to make or queue it).
            message = "\(member): \(failure.message)"
        } else {
            message = "the dialog backend \(name) refused \(member): \(error.rawValue): \(detail)"
        }
        return Failure(
            // A refusal is an answer, the backend's or the bus's: not a failure made here.
            message: message, isAbsent: error.meansAbsent,
            isRefusal: failure.sender != nil && !error.meansAbsent && !error.meansUnanswered,
            recipientLeft: error == .noReply && failure.sender == .messageBus)
    }
}
