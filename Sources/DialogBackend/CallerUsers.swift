internal import DBusKit
internal import Glibc

/// Lets through only the calls of the backend's own Unix user: a dialog answers for the person
/// at this display, so another user on a permissive bus must neither open dialogs here (filling
/// the screen, or the dialogs allowed) nor read what the person picks, nor learn anything of
/// the backend (its introspection, its Version).
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

    private let bus: any MessageBus
    private let ownUser = getuid()
    /// Verdicts by unique name: a name is never reused and its connection's user never changes.
    /// Only the bus's answers are kept; a failed question is asked again at the next call.
    private var verdicts: [BusName: Verdict] = [:]
    /// Calls waiting for the bus's answer about their caller, in the order they arrived.
    private var waiting: [BusName: [@MainActor (Verdict) -> Void]] = [:]
    /// Verdicts kept at most; past it they are forgotten, and asked for again when needed.
    private let maximumVerdicts = 1024
    /// Calls of one caller that may wait at most; more are refused at once. Above what the
    /// daemon sends before the bus answers (one ShowPicker per session, 256 sessions at most,
    /// each with a Close), so only a flood meets it; each call waits as its decoded arguments,
    /// a few KiB at most (`BackendCall.maximumStringBytes`).
    private let maximumWaitingCalls = 1024

    init(bus: any MessageBus) {
        self.bus = bus
    }

    /// Runs `proceed` with the verdict on `caller`: at once when it is known, else once the
    /// bus has said which user the caller is.
    func admit(_ caller: BusName, then proceed: @escaping @MainActor (Verdict) -> Void) {
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

    /// Whether the verdict on `caller` is known, so that `admit` proceeds at once.
    func isKnown(_ caller: BusName) -> Bool { verdicts[caller] != nil }

    /// Forgets `caller`, which left the bus: its name is never used again.
    func forget(_ caller: BusName) {
        verdicts.removeValue(forKey: caller)
    }

    private func askBus(about caller: BusName) {
        bus.askUnixUser(of: caller) { [weak self] answer in
            MainActor.assumeIsolated {
                switch answer {
                case .success(let user): self?.settle(caller, user: user)
                case .failure(let failure): self?.settle(caller, problem: failure.message)
                }
            }
        }
    }

    private func settle(_ caller: BusName, user: UInt32) {
        let verdict: Verdict = user == ownUser
            ? .allowed
            : .refused("timepickerd-gtk shows dialogs for its own user (uid \(ownUser)) only; \(caller) is uid \(user)")
        if verdicts.count >= maximumVerdicts { verdicts.removeAll() }
        verdicts[caller] = verdict
        release(caller, verdict)
    }

    private func settle(_ caller: BusName, problem: String) {
        release(caller, .refused("the bus cannot say which user \(caller) is: \(problem)"))
    }

    private func release(_ caller: BusName, _ verdict: Verdict) {
        let calls = waiting.removeValue(forKey: caller) ?? []
        for proceed in calls { proceed(verdict) }
    }
}
