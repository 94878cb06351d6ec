internal import Glibc
internal import LocalSettings
internal import SystemKit
internal import TimePickerCore

/// The service as `PickerFrontEndConformance` plays it to a front end: it owns a `PickerModel`
/// per session, applies each event reported and answers with `update` before the report
/// returns, withdraws a session exactly once when an event or `cannotShow` ends it, and never
/// withdraws one handed back with `couldNotShow`.
///
/// It also watches what it is told: a report from another front end, about a session it never
/// showed or that has ended, or after `shutdown`, is recorded as an issue at once; so is a call
/// into the front end that does not return promptly. A report (or `done`) on another thread
/// is not acted on, and is recorded once the loop's thread is back (`recordForeignBreaches`).
final class ServiceStandIn: PickerFrontEndDelegate {
    /// One thing the front end told the service, in the order told.
    enum Report: Equatable, CustomStringConvertible {
        case event(PickerSessionID, PickerEvent)
        case cannotShow(PickerSessionID, CancelReason)
        case couldNotShow(PickerSessionID)

        var session: PickerSessionID {
            switch self {
            case .event(let session, _), .cannotShow(let session, _), .couldNotShow(let session): session
            }
        }

        /// Whether the report takes the session away from the front end.
        var endsShowing: Bool {
            if case .event = self { false } else { true }
        }

        var description: String {
            switch self {
            case .event(let session, let event): "\(session) did \(event)"
            case .cannotShow(let session, let reason): "\(session) cannot be shown (\(reason.rawValue))"
            case .couldNotShow(let session): "\(session) could not be shown"
            }
        }
    }

    let frontEnd: any PickerFrontEnd
    private let timing: PickerFrontEndConformance.Timing
    /// The thread the suite runs on: the loop's, on which every report must come.
    private let thread = pthread_self()

    /// Everything reported, in order.
    private(set) var reports: [Report] = []
    /// How many breaches the stand-in recorded or holds: a wait can stop as soon as one is.
    var violations: Int { breaches.count + foreignBreaches.withLock { $0.count } }
    /// What broke the contract, in the order found.
    private(set) var breaches: [ConformanceBreach] = []
    /// What came on another thread, where the suite must touch nothing: kept until
    /// `recordForeignBreaches` records it on the loop's thread.
    private let foreignBreaches = Locked<[String]>([])
    /// How each session the front end ended (by an event, or `cannotShow`) ended.
    private(set) var outcomes: [PickerSessionID: PickerOutcome] = [:]
    /// How many times each session was withdrawn.
    private(set) var withdrawals: [PickerSessionID: Int] = [:]
    /// How many times `shutdown`'s `done` was called.
    private(set) var doneCalls = 0
    private(set) var isShutDown = false
    /// The sessions shown and not yet ended, with their models.
    private var models: [PickerSessionID: PickerModel] = [:]
    /// Every session ever shown, and the ones that ended (withdrawn, or handed back).
    private var shown: Set<PickerSessionID> = []
    private var ended: Set<PickerSessionID> = []

    init(frontEnd: any PickerFrontEnd, timing: PickerFrontEndConformance.Timing) {
        self.frontEnd = frontEnd
        self.timing = timing
        frontEnd.delegate = self
    }

    // MARK: What the service does

    /// Shows a new session, the `number`th of the check, titled "Conformance picker #number":
    /// a `picker` (by default a 24-hour picker of hourly slots whose selection starts at
    /// (8 + number):00, an hour long).
    func show(_ number: Int, _ picker: ConformancePicker = .hourly) -> ConformanceSession? {
        let session = ConformanceSession(id: PickerSessionID(UInt64(number)), title: "Conformance picker #\(number)")
        var raw = picker.options(number)
        raw["title"] = .string(session.title)
        let context = PickerContext(
            defaultClock: .twentyFourHour, now: nil, localZone: { PickerContext.utc }, zoneNamed: { ZoneDatabase.rules(named: $0) })
        guard let options = try? PickerOptions(validating: raw, context: context) else {
            record("the suite could not make the options of its session #\(number) (\(picker))")
            return nil
        }
        let model = PickerModel(options: options)
        models[session.id] = model
        shown.insert(session.id)
        timed("show(\(session.id))") { frontEnd.show(session.id, model.state) }
        return session
    }

    /// Changes `session` as the service does on its own (a typed time finished, a countdown):
    /// applies `event` to its model and calls `update`.
    func change(_ session: ConformanceSession, by event: PickerEvent) {
        guard var model = models[session.id] else { return }
        _ = model.apply(event)
        models[session.id] = model
        timed("update(\(session.id))") { frontEnd.update(session.id, model.state) }
    }

    /// Ends `session` as the service does (Cancel(), a timeout, the caller leaving): withdraws
    /// it, once.
    func withdraw(_ session: PickerSessionID) {
        guard models.removeValue(forKey: session) != nil else { return }
        ended.insert(session)
        withdrawals[session, default: 0] += 1
        timed("withdraw(\(session))") { frontEnd.withdraw(session) }
    }

    /// Stops as the daemon does: the front end first, then every open session withdrawn.
    func shutdown() {
        isShutDown = true
        timed("shutdown(then:)") {
            frontEnd.shutdown { [self] in
                guard isOnLoopThread("shutdown's done") else { return }
                doneCalls += 1
                if doneCalls > 1 { record("shutdown called done \(doneCalls) times; once is the contract") }
            }
        }
        for session in models.keys.sorted(by: { $0.rawValue < $1.rawValue }) { withdraw(session) }
    }

    /// The state the service holds for `session`, while it is open.
    func state(of session: ConformanceSession) -> PickerState? { models[session.id]?.state }

    /// Whether `session` was shown and has not ended.
    func isOpen(_ session: ConformanceSession) -> Bool { models[session.id] != nil }

    /// What was reported about `session`, in order.
    func reports(about session: ConformanceSession) -> [Report] { reports.filter { $0.session == session.id } }

    /// Records a breach of the contract.
    func record(_ comment: String) {
        breaches.append(ConformanceBreach(description: comment))
    }

    /// Records what came on another thread, now that the loop's thread has it.
    func recordForeignBreaches() {
        let breaches = foreignBreaches.withLock { breaches in
            defer { breaches.removeAll() }
            return breaches
        }
        for breach in breaches { record(breach) }
    }

    // MARK: PickerFrontEndDelegate

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, didReport event: PickerEvent) {
        let report = Report.event(session, event)
        guard admit(report, from: frontEnd), var model = models[session] else { return }
        if let outcome = model.apply(event) {
            outcomes[session] = outcome
            models[session] = model
            withdraw(session)
            return
        }
        models[session] = model
        timed("update(\(session))") { self.frontEnd.update(session, model.state) }
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, cannotShow reason: CancelReason, because message: String) {
        guard admit(.cannotShow(session, reason), from: frontEnd) else { return }
        outcomes[session] = .cancelled(reason)
        withdraw(session)
    }

    func frontEnd(_ frontEnd: any PickerFrontEnd, session: PickerSessionID, couldNotShow message: String) {
        guard admit(.couldNotShow(session), from: frontEnd) else { return }
        // Handed back unseen: the session is no longer this front end's, and is not withdrawn.
        models[session] = nil
        ended.insert(session)
    }

    /// Keeps `report` and says whether it may be acted on; records what breaks the contract.
    private func admit(_ report: Report, from reporter: any PickerFrontEnd) -> Bool {
        guard isOnLoopThread("the report '\(report)'") else { return false }
        reports.append(report)
        guard reporter === frontEnd else {
            record("the report '\(report)' came from another front end than the one that showed the session")
            return false
        }
        guard !isShutDown else {
            record("the report '\(report)' came after shutdown; nothing is reported after it")
            return false
        }
        guard shown.contains(report.session) else {
            record("the report '\(report)' is about a session that was never shown")
            return false
        }
        guard !ended.contains(report.session) else {
            record("the report '\(report)' came after the session had ended (withdrawn or handed back); nothing more is reported about it")
            return false
        }
        return true
    }

    /// Whether this is the loop's thread; if not, keeps `what` as a breach, touching nothing else.
    private func isOnLoopThread(_ what: String) -> Bool {
        guard pthread_equal(pthread_self(), thread) == 0 else { return true }
        foreignBreaches.withLock { $0.append("\(what) came on another thread than the loop's") }
        return false
    }

    /// Runs a call into the front end and records it when it did not return promptly: whatever
    /// a front end waits for goes through the loop.
    private func timed(_ call: String, _ body: () -> Void) {
        let clock = ContinuousClock()
        let took = clock.measure(body)
        let limit = Duration.milliseconds(timing.promptMilliseconds)
        if took > limit { record("\(call) took \(took), more than \(limit): no call may block the loop") }
    }
}
