internal import DBusKit
internal import TimePickerContract
internal import Glibc
internal import TimePickerCore

/// The desktop's notification server (the org.freedesktop.Notifications specification), as the
/// daemon talks to it: asynchronous calls on the daemon's own bus connection, so nothing waits
/// for a server that is slow or frozen. The server is the process that owned the name when it
/// was asked about itself, and only if it runs as the daemon's user: notifications go to that
/// process alone, and its signals are read from it alone (anyone may send a signal to the
/// daemon, and a forged ActionInvoked must not pick; on a bus that admits other users, any of
/// them may take a free name, and a picker is nobody's business but its user's).
final class NotificationServer {
    /// D-Bus's default, as libnotify waits: a server that takes longer is not answering.
    static let callTimeoutMilliseconds: Int32 = 25_000

    /// What the server says about itself, and who it is on the bus.
    struct Info {
        let name: String
        let capabilities: Set<String>
        /// Its unique name: calls go there, and only its signals count.
        let owner: BusName
    }

    /// Why a call to the server did not succeed, in a line for the log and the caller.
    struct Failure: Error {
        let message: String
        /// The server did not answer in time (rather than: it is not there, or refused).
        let timedOut: Bool
    }

    /// What the server tells about a notification.
    enum Event {
        case actionInvoked(id: UInt32, key: String)
        case closed(id: UInt32, reason: NotificationCloseReason)
        /// The person sent `text` from the notification's reply field.
        case replied(id: UInt32, text: String)
        /// The token for the window the action about to be invoked on `id` may open.
        case activationToken(id: UInt32, token: String)
    }

    private let bus: any MessageBus

    init(bus: any MessageBus) {
        self.bus = bus
        bus.addMatch(NotificationsBus.signalsRule)
        bus.addMatch(MatchRule.nameOwnerChanged(of: NotificationsBus.name))
    }

    /// Whether `signal` is the bus saying the server's name lost its owner, to nobody or to
    /// another process that took it over: the process the daemon knew is no longer the server.
    static func lostOwner(in signal: DBusMessage) -> Bool {
        guard let change = NameOwnerChange(signal) else { return false }
        return change.name == NotificationsBus.name && change.oldOwner != nil
    }

    /// Who owns the server's name (started by D-Bus activation when nobody does), then who runs
    /// it, then its GetServerInformation and GetCapabilities, asked of that process alone: only
    /// its answers are believed.
    func askInfo(completion: @escaping (Result<Info, Failure>) -> Void) {
        bus.resolveOwner(
            of: NotificationsBus.name, timeoutMilliseconds: Self.callTimeoutMilliseconds, startTimeoutMilliseconds: Self.callTimeoutMilliseconds
        ) { [weak self] owner in
            guard let self else { return }
            switch owner {
            case .failure(let failure):
                completion(.failure(Failure(
                    message: failure.name.meansAbsent ? "no notification server answers" : "\(NotificationsBus.name): \(failure.message)",
                    timedOut: failure.name == .noReply || failure.name == .timeout)))
            case .success(let owner):
                self.checkUser(of: owner, serverName: NotificationsBus.name.rawValue) { failure in
                    if let failure { return completion(.failure(failure)) }
                    self.askInfo(of: owner, completion: completion)
                }
            }
        }
    }

    /// GetServerInformation and GetCapabilities of the server at `owner`.
    private func askInfo(of owner: BusName, completion: @escaping (Result<Info, Failure>) -> Void) {
        call(NotificationsBus.Member.getServerInformation, to: owner, []) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure):
                completion(.failure(failure))
            case .success(let reply):
                let name = reply.strings.first ?? ""
                self.call(NotificationsBus.Member.getCapabilities, to: owner, []) { result in
                    completion(result.map { capabilities in
                        var found: Set<String> = []
                        if case .array(_, let elements)? = capabilities.values.first {
                            for case .string(let capability) in elements { found.insert(capability) }
                        }
                        return Info(name: name, capabilities: found, owner: owner)
                    })
                }
            }
        }
    }

    /// GetConnectionUnixUser: nil when the bus vouches that `owner` runs as the daemon's user.
    private func checkUser(of owner: BusName, serverName: String, completion: @escaping (Failure?) -> Void) {
        bus.askUnixUser(of: owner, timeoutMilliseconds: Self.callTimeoutMilliseconds) { answer in
            switch answer {
            case .failure(let failure):
                completion(Failure(
                    message: "the bus did not say who runs the notification server (\(owner)): \(failure.message)",
                    timedOut: failure.name == .noReply || failure.name == .timeout))
            case .success(let user):
                guard user == getuid() else {
                    completion(Failure(
                        message: "the notification server \(quotedForMessage(serverName)) (\(owner)) is a process of another user (uid \(user)), "
                            + "which is not trusted with this user's pickers",
                        timedOut: false))
                    return
                }
                completion(nil)
            }
        }
    }

    /// Notify: shows `content`, in place of the notification `replacing` (0 for a new one);
    /// answers with the server's id for it. It never expires on its own and stays after an
    /// action where the server allows (the `resident` hint), so each step can update it in
    /// place; `critical` sends it with critical urgency (`NotificationServerProfile.critical`).
    /// It names timepickerd's desktop entry and icon, so the desktop shows whose it is and
    /// lets the person allow or silence timepickerd's notifications in its settings.
    func notify(
        _ content: NotificationContent, replacing id: UInt32, critical: Bool, at owner: BusName,
        completion: @escaping (Result<UInt32, Failure>) -> Void
    ) {
        var actions: [DBusValue] = []
        for action in content.actions { actions += [.string(action.key), .string(action.label)] }
        var hints: [String: DBusValue] = ["resident": .boolean(true), "desktop-entry": .string(DesktopEntry.id)]
        if critical { hints["urgency"] = .byte(2) }
        if let placeholder = content.replyPlaceholder { hints[NotificationsBus.replyPlaceholderHint] = .string(placeholder) }
        let arguments: [DBusValue] = [
            .string("timepickerd"), .uint32(id), .string(DesktopEntry.iconName), .string(content.summary), .string(content.body),
            .array(elementSignature: "s", elements: actions), .vardict(hints), .int32(0),
        ]
        call(NotificationsBus.Member.notify, to: owner, arguments) { result in
            completion(result.flatMap { reply in
                guard case .uint32(let id)? = reply.values.first else {
                    return .failure(Failure(message: "the notification server answered Notify without an id", timedOut: false))
                }
                return .success(id)
            })
        }
    }

    /// CloseNotification; `completion` when the server answered (or failed to).
    func close(_ id: UInt32, at owner: BusName, completion: @escaping () -> Void = {}) {
        call(NotificationsBus.Member.closeNotification, to: owner, [.uint32(id)]) { _ in completion() }
    }

    /// The server's ActionInvoked, NotificationClosed, NotificationReplied or ActivationToken in `signal`, when it
    /// comes from `owner` (a reply is at most 4 KB: longer is no range anyone types).
    static func event(in signal: DBusMessage, from owner: BusName) -> Event? {
        guard signal.sender == owner, signal.path == NotificationsBus.path, signal.interface == NotificationsBus.interface,
              let values = try? signal.arguments(maximumValues: 2, maximumStringBytes: 4096), values.count == 2,
              case .uint32(let id) = values[0]
        else { return nil }
        switch (signal.member, values[1]) {
        case (NotificationsBus.Member.actionInvoked, .string(let key)): return .actionInvoked(id: id, key: key)
        case (NotificationsBus.Member.notificationReplied, .string(let text)): return .replied(id: id, text: text)
        case (NotificationsBus.Member.activationToken, .string(let token)): return .activationToken(id: id, token: token)
        case (NotificationsBus.Member.notificationClosed, .uint32(let reason)):
            return .closed(id: id, reason: NotificationCloseReason(rawValue: Int32(bitPattern: reason)) ?? .undefined)
        default: return nil
        }
    }

    /// Calls the server's `member` at `destination`; the failure in the words of the log.
    private func call(_ member: MemberName, to destination: BusName, _ arguments: [DBusValue], completion: @escaping (Result<MethodReply, Failure>) -> Void) {
        bus.call(
            member, of: NotificationsBus.interface, on: NotificationsBus.path, at: destination, arguments,
            timeoutMilliseconds: Self.callTimeoutMilliseconds
        ) { answer in
            completion(answer.mapError { failure in
                Failure(
                    message: failure.name.meansAbsent ? "no notification server answers" : "\(member): \(failure.message)",
                    timedOut: failure.name == .noReply || failure.name == .timeout)
            })
        }
    }
}

/// Why the server closed a notification: the reasons of the Notifications specification's
/// NotificationClosed signal.
enum NotificationCloseReason: Int32 {
    case expired = 1
    /// Dismissed by the person, or closed by the server as part of an action's step.
    case dismissed = 2
    /// CloseNotification was called.
    case closedByCall = 3
    case undefined = 4
}
