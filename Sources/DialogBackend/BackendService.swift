internal import DBusKit
internal import TimePickerContract
internal import TimePickerCore
internal import LocalSettings
internal import Logging

/// The D-Bus side of the backend: io.github.timepickerd.impl.TimePicker1 at
/// /io/github/timepickerd/impl/TimePicker1, on a libdbus connection of its own.
///
/// Every call is read and bounded first (`BackendCall`), then let through only for the
/// backend's own user (`CallerUsers`): introspection and the Version included, so another user
/// learns nothing but that the name is taken. A method validates its arguments (InvalidArgs
/// naming the key), acts, and replies; ShowPicker records a dialog (`OpenDialogs`) and
/// replies when it ends. The dialogs of a caller are keyed by its unique name and their
/// handle, and closed when the caller leaves. The windows are the toolkit's
/// (`DialogWindowFactory`); the service knows them only through `DialogWindow`.
@MainActor
final class BackendService {
    static let version: UInt32 = 1

    private let bus: any MessageBus
    private let display: DisplayAvailability
    private let log: Logger
    private let idle: IdleExit
    private let defaultClock = ClockStyle.preferredByLocale()
    private let callerUsers: CallerUsers
    /// What the calls waiting for the bus to say which users their callers are hold: at most
    /// 64 of the largest calls (64 KiB of strings each) from one caller, 256 in all, a small
    /// part of libdbus's limit of received messages alive.
    private var heldCalls = HeldCalls<BusName>(perCaller: (4 << 20, 16), inAll: (16 << 20, 64))
    /// Callers with dialogs, watched for leaving the bus: their dialogs close then.
    private let departures: DepartureWatch
    private let dialogs: OpenDialogs
    private let memoryTrim: MemoryTrim
    /// Called when the connection to the bus is gone.
    var onDisconnected: (@MainActor () -> Void)?

    /// The service on `bus`, whose messages `loop` dispatches; `windows` makes the dialogs.
    init(bus: any MessageBus, loop: any BackendLoop, windows: any DialogWindowFactory, display: DisplayAvailability, idle: IdleExit, log: Logger) {
        self.bus = bus
        self.display = display
        self.idle = idle
        self.log = log
        callerUsers = CallerUsers(bus: bus)
        departures = DepartureWatch(bus: bus)
        dialogs = OpenDialogs(windows: windows, loop: loop, log: log)
        memoryTrim = MemoryTrim(loop: loop)
    }

    /// Starts answering messages. Call before the bus name is owned, so no call is missed.
    func start() {
        dialogs.onEvent = { [unowned self] key, event in self.emitEvent(event, for: key) }
        dialogs.onNotice = { [unowned self] key, notice in self.emitNotice(notice, for: key) }
        dialogs.onEnded = { [unowned self] key in self.ended(key) }
        // The watch reports on the loop's thread, the main one.
        departures.onLeft = { [unowned self] caller in
            MainActor.assumeIsolated {
                self.callerUsers.forget(caller)
                self.dialogs.closeAll(of: caller, reason: "the caller left the bus")
            }
        }
        departures.onProblem = { [log] message in MainActor.assumeIsolated { log.warning(message) } }
        bus.setMessageHandler { [unowned self] message in
            MainActor.assumeIsolated { self.handle(message) }
        }
    }

    /// Ends every dialog with response 2 and `reason`, and sends the replies before returning:
    /// the process may exit right after.
    func closeAll(reason: String) {
        dialogs.closeAll(reason: reason)
        bus.flush()
    }

    // MARK: - Routing

    private func handle(_ message: DBusMessage) -> Bool {
        switch message.kind {
        case .methodCall:
            // The bus stamps a sender on every call it routes.
            guard let caller = message.sender else { return false }
            // A call that waits for the bus's word on its caller keeps its message meanwhile:
            // only one no larger than any call is let be (answered at once otherwise, whoever
            // sent it), and only while the waiting calls hold little (`HeldCalls`).
            var weight: HeldCalls<BusName>.Weight?
            if !callerUsers.isKnown(caller) {
                let arguments: [DBusValue]
                do {
                    arguments = try message.arguments(maximumValues: BackendCall.maximumValues, maximumStringBytes: BackendCall.maximumStringBytes)
                } catch {
                    log.debug("refused \(message.member?.rawValue ?? "a call") from \(caller): \(error.message)")
                    fail(message, .invalidArgs, "cannot read the arguments: \(error.message)")
                    memoryTrim.soon()
                    return true
                }
                arguments.closeReceivedDescriptors()
                let held = HeldCalls<BusName>.Weight(arguments: arguments)
                guard heldCalls.hold(held, for: caller) else {
                    fail(message, .limitsExceeded, "too many calls wait for the bus to say which users their callers are; try again")
                    return true
                }
                weight = held
            }
            // Read before the verdict, answered after it: another user learns nothing of the
            // backend's methods from their errors.
            let call: Result<BackendCall, DBusFailure>
            do {
                call = .success(try BackendCall(message))
            } catch {
                call = .failure(error)
            }
            // Every call of its user restarts the idle countdown, so a backend in use is never
            // about to exit; a call of another user does not, so that user cannot keep it
            // running. While the bus is asked which it is, the countdown pauses.
            idle.awaitVerdict()
            callerUsers.admit(caller) { [weak self] verdict in
                guard let self else { return }
                defer { self.idle.verdictGiven() }
                if let weight { self.heldCalls.release(weight, for: caller) }
                switch (verdict, call) {
                case (.allowed, .success(let call)):
                    self.idle.hold()
                    defer { self.idle.release() }
                    self.carryOut(call, message, from: caller)
                case (.allowed, .failure(let error)):
                    self.log.debug("refused a call from \(caller): \(error.message)")
                    self.fail(message, error.name, error.message)
                    self.memoryTrim.soon()
                case (.refused(let reason), _):
                    self.log.debug("refused a call from \(caller): \(reason)")
                    self.fail(message, .accessDenied, reason)
                }
            }
            return true
        case .signal:
            if message.isSignal(interface: .local, member: .disconnected) {
                onDisconnected?()
            } else {
                _ = departures.handle(message)
            }
            return false
        default:
            return false
        }
    }

    private func carryOut(_ call: BackendCall, _ message: DBusMessage, from caller: BusName) {
        switch call {
        case .showPicker(let handle, let parentWindow, let options):
            methodShowPicker(DialogKey(caller: caller, handle: handle), parentWindow, options, message)
        case .update(let handle, let state):
            methodUpdate(DialogKey(caller: caller, handle: handle), state, message)
        case .close(let handle):
            methodClose(DialogKey(caller: caller, handle: handle), message)
        case .introspect(let path):
            reply(message, [.string(BackendIntrospection.document(at: path))])
        case .getProperty(let interface, let name):
            guard interface == DialogBackendBus.interface.rawValue, name == DialogBackendBus.Property.version else {
                return fail(message, .unknownProperty, "no property \(quotedForMessage(name, maxCharacters: 255)) on \(quotedForMessage(interface, maxCharacters: 255))")
            }
            reply(message, [.variant(.uint32(Self.version))])
        case .getAllProperties(let interface):
            let properties: [String: DBusValue] = interface == DialogBackendBus.interface.rawValue ? [DialogBackendBus.Property.version: .uint32(Self.version)] : [:]
            reply(message, [.vardict(properties)])
        case .setProperty(_, let name):
            fail(message, .propertyReadOnly, "property \(quotedForMessage(name, maxCharacters: 255)) is read-only")
        }
    }

    // MARK: - Methods

    private func methodShowPicker(_ key: DialogKey, _ parentWindow: String, _ options: [String: OptionValue], _ message: DBusMessage) {
        guard let parent = ParentWindowID(parsing: parentWindow) else {
            return fail(message, .invalidArgs, ParentWindowID.problem(with: parentWindow))
        }
        let request: DialogRequest
        do {
            request = try DialogRequest(options: options, defaultClock: defaultClock)
        } catch {
            return fail(message, .invalidArgs, error.message)
        }
        guard !dialogs.contains(key) else {
            return fail(message, .invalidArgs, "handle \(quotedForMessage(key.handle.rawValue, maxCharacters: 200)) already has a dialog open")
        }
        let reply = ShowPickerReply(to: message, on: bus)
        if case .unavailable(let reason) = display {
            log.debug("ShowPicker for \(key): \(reason)")
            return reply.send(.ended(reason), log: log)
        }
        if let problem = dialogs.limitProblem(for: key.caller) {
            log.debug("ShowPicker for \(key): \(problem)")
            return reply.send(.ended(problem), log: log)
        }
        // Held until the dialog ends: a backend with a dialog open, shown or not, stays.
        idle.hold()
        departures.watch(key.caller)
        log.debug("ShowPicker for \(key): \(request.state.model.start)-\(request.state.model.end), parent \(parent)")
        dialogs.add(key, request, parent: parent, reply: reply)
    }

    private func methodUpdate(_ key: DialogKey, _ raw: [String: OptionValue], _ message: DBusMessage) {
        guard let current = dialogs.state(of: key) else {
            return fail(message, .unknownObject, "no open dialog for handle \(quotedForMessage(key.handle.rawValue, maxCharacters: 200))")
        }
        do {
            let state = try current.updated(with: raw)
            dialogs.update(key, to: state, restartingCountdown: raw["timeout"] != nil || raw["timeout_ms"] != nil)
            log.debug("Update for \(key): \(state.model.start)-\(state.model.end), focus \(state.model.focus.wireText)")
            reply(message, [])
        } catch {
            fail(message, .invalidArgs, error.message)
        }
    }

    private func methodClose(_ key: DialogKey, _ message: DBusMessage) {
        if dialogs.contains(key) {
            log.debug("Close for \(key)")
            dialogs.close(key, reason: "closed by the caller")
        }
        reply(message, [])
    }

    // MARK: - Dialogs ending, events

    private func ended(_ key: DialogKey) {
        idle.release()
        if !dialogs.hasDialogs(of: key.caller) { departures.unwatch(key.caller) }
        // What the dialog's widgets and window held goes back to the system, not only to malloc.
        memoryTrim.soon()
    }

    /// Sends `event` to the caller of the dialog `key` only (a unicast signal).
    private func emitEvent(_ event: PickerEvent, for key: DialogKey) {
        emit(DialogBackendBus.Member.event, event.wireText, for: key)
    }

    /// Sends the Notice `text` about the dialog `key` to its caller only.
    private func emitNotice(_ text: String, for key: DialogKey) {
        emit(DialogBackendBus.Member.notice, text, for: key)
    }

    /// Sends the signal `member` (handle, `text`) to the caller of the dialog `key` only.
    private func emit(_ member: MemberName, _ text: String, for key: DialogKey) {
        do {
            try bus.emitSignal(member, of: DialogBackendBus.interface, on: DialogBackendBus.path, [.objectPath(key.handle), .string(text)], to: key.caller)
            log.debug("\(member) for \(key): \(text)")
        } catch {
            log.warning("cannot send \(member.rawValue) to \(key.caller): \(error)")
        }
    }

    // MARK: - Replies

    /// Answers `call` with `values`, unless its caller asked for no reply.
    private func reply(_ call: DBusMessage, _ values: [DBusValue]) {
        do {
            try bus.reply(to: call, with: values)
        } catch {
            log.warning("cannot answer \(call.member?.rawValue ?? "a call"): \(error)")
        }
    }

    /// Answers `call` with the error `name`, unless its caller asked for no reply.
    private func fail(_ call: DBusMessage, _ name: ErrorName, _ text: String) {
        do {
            try bus.replyError(to: call, name: name, message: text)
        } catch {
            log.warning("cannot answer \(call.member?.rawValue ?? "a call") with an error: \(error)")
        }
    }
}

