internal import CGtk
internal import DBusKit
internal import Glibc

/// Lets through only the calls of the backend's own Unix user: a dialog answers for the person
/// at this display, so another user on a permissive bus must neither open dialogs here (filling
/// the screen, or the 64 allowed) nor read what the person picks.
///
/// The bus is asked once per caller (`GetConnectionUnixUser`), without blocking the main loop;
/// the calls that arrive meanwhile wait, in order, and go on once it has answered, so a Close
/// sent right after a ShowPicker never overtakes it.
@MainActor
final class CallerUsers {
    /// Whether a caller's calls may go on, and if not, why.
    enum Verdict {
        case allowed
        case refused(String)
    }

    private let connection: OpaquePointer
    private let ownUser = getuid()
    /// Verdicts by unique name: a name is never reused and its connection's user never changes.
    /// Only the bus's answers are kept; a failed question is asked again at the next call.
    private var verdicts: [String: Verdict] = [:]
    /// Calls waiting for the bus's answer about their caller, in the order they arrived.
    private var waiting: [String: [@MainActor (Verdict) -> Void]] = [:]
    /// Verdicts kept at most; past it they are forgotten, and asked for again when needed.
    private let maximumVerdicts = 1024
    /// Calls of one caller that may wait at most; more are refused at once. Far above what
    /// the daemon sends before the bus answers (one ShowPicker per session, 256 sessions at most,
    /// each with an Update and a Close), so only a flood meets it.
    private let maximumWaitingCalls = 4096

    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Runs `proceed` with the verdict on `caller`: at once when it is known, else once the
    /// bus has said which user the caller is.
    func admit(_ caller: String, then proceed: @escaping @MainActor (Verdict) -> Void) {
        if let verdict = verdicts[caller] {
            proceed(verdict)
            return
        }
        if let queued = waiting[caller] {
            guard queued.count < maximumWaitingCalls else {
                proceed(.refused("too many calls from \(caller) wait for the bus to say which user it is"))
                return
            }
            waiting[caller]?.append(proceed)
            return
        }
        waiting[caller] = [proceed]
        askBus(about: caller)
    }

    private func askBus(about caller: String) {
        typealias AnswerHandler = @MainActor (OwnedVariant?, String?) -> Void
        let answered: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
            source, result, data in
            guard let data else { return }
            // A one-shot call: the box was retained for this callback alone.
            let box = Unmanaged<CallbackBox<AnswerHandler>>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error).map(OwnedVariant.init)
            let problem = reply == nil ? consume(error) : nil
            MainActor.assumeIsolated { box.handler(reply, problem) }
        }
        let box = CallbackBox<AnswerHandler> { [weak self] reply, problem in
            self?.settle(caller, reply: reply, problem: problem)
        }
        // No reply type given: GDBus would want a GVariantType made and freed for it; the
        // signature is checked in `settle` instead.
        g_dbus_connection_call(
            connection, BusName.messageBus.rawValue, ObjectPath.messageBus.rawValue, InterfaceName.messageBus.rawValue,
            "GetConnectionUnixUser", VariantBuilder.tuple([g_variant_new_string(caller)]), nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil, answered, box.retainedForC())
    }

    private func settle(_ caller: String, reply: OwnedVariant?, problem: String?) {
        let verdict: Verdict
        if let reply, reply.reader.signature == "(u)" {
            let user = reply.reader.child(0).uint32
            verdict = user == ownUser
                ? .allowed
                : .refused("timepickerd-gtk shows dialogs for its own user (uid \(ownUser)) only; \(caller) is uid \(user)")
            if verdicts.count >= maximumVerdicts { verdicts.removeAll() }
            verdicts[caller] = verdict
        } else {
            verdict = .refused("the bus cannot say which user \(caller) is: \(problem ?? "an answer of the wrong type")")
        }
        let calls = waiting.removeValue(forKey: caller) ?? []
        for proceed in calls { proceed(verdict) }
    }
}
