internal import DBusKit
internal import TimePickerCore
internal import Logging

/// The dialogs the backend holds for its callers, from ShowPicker to the reply that ends each:
/// first waiting to be built (`DialogBuildQueue`), then shown in a window the toolkit's
/// `DialogWindowFactory` made. Each ends exactly once: through its window (the person's
/// answer), Close, its caller leaving, or the backend stopping.
@MainActor
final class OpenDialogs {
    /// The most dialogs one caller may have, shown or waiting: the daemon's own limit for all
    /// its sessions together (256), since the daemon is a single caller here. Past it ShowPicker
    /// answers 2 at once.
    static let maximumPerCaller = 256
    /// The most in all: two callers' worth, so that another caller of the same user (a second
    /// daemon, a script) filling its share leaves the daemon all of its own. What they cost
    /// shown bounds it (about 1 MiB each, `DialogBackendLoadTests`).
    static let maximumInAll = 2 * maximumPerCaller

    /// One dialog: waiting with the request to build it from, or shown.
    private final class Entry {
        /// Where the dialog is in its life.
        enum Stage {
            case waiting(DialogRequest, ParentWindowID)
            case shown(any DialogWindow)
        }

        var stage: Stage
        /// What the dialog draws, or will draw once built: the request's state, then each
        /// Update's.
        var state: DialogState
        let reply: ShowPickerReply

        init(_ request: DialogRequest, parent: ParentWindowID, reply: ShowPickerReply) {
            stage = .waiting(request, parent)
            state = request.state
            self.reply = reply
        }
    }

    private let windows: any DialogWindowFactory
    private let loop: any BackendLoop
    private let log: Logger
    private var entries: [DialogKey: Entry] = [:]
    private var countByCaller: [BusName: Int] = [:]
    private lazy var queue = DialogBuildQueue(loop: loop) { [unowned self] key in self.build(key) }

    /// Called as a dialog ends for a reason of its own (`.accepted`, `.cancelled`, the window
    /// destroyed) as well as on Close: the key, once.
    var onEnded: (@MainActor (DialogKey) -> Void)?
    /// Called with a dialog's events, for its caller.
    var onEvent: (@MainActor (DialogKey, PickerEvent) -> Void)?
    /// Told what the daemon should log about a dialog (its parent window could not be used).
    var onNotice: (@MainActor (DialogKey, String) -> Void)?

    /// Dialogs whose windows `windows` makes, built as idle work of `loop`.
    init(windows: any DialogWindowFactory, loop: any BackendLoop, log: Logger) {
        self.windows = windows
        self.loop = loop
        self.log = log
    }

    /// Whether `key` has a dialog, shown or waiting.
    func contains(_ key: DialogKey) -> Bool { entries[key] != nil }

    /// Whether `caller` has any dialog left.
    func hasDialogs(of caller: BusName) -> Bool { countByCaller[caller] != nil }

    /// Why one more dialog for `caller` is refused, or nil when it may have one.
    func limitProblem(for caller: BusName) -> String? {
        if countByCaller[caller, default: 0] >= Self.maximumPerCaller {
            return "too many dialogs open for this caller (\(Self.maximumPerCaller))"
        }
        if entries.count >= Self.maximumInAll { return "too many dialogs open (\(Self.maximumInAll))" }
        return nil
    }

    /// Records a dialog to build when the backend has nothing more urgent to do.
    func add(_ key: DialogKey, _ request: DialogRequest, parent: ParentWindowID, reply: ShowPickerReply) {
        entries[key] = Entry(request, parent: parent, reply: reply)
        countByCaller[key.caller, default: 0] += 1
        queue.enqueue(key)
    }

    /// The state `key` draws (or will draw once built), for Update to change.
    func state(of key: DialogKey) -> DialogState? { entries[key]?.state }

    /// Draws `state` in the dialog `key`, or keeps it for when the dialog is built.
    func update(_ key: DialogKey, to state: DialogState, restartingCountdown: Bool) {
        guard let entry = entries[key] else { return }
        entry.state = state
        if case .shown(let window) = entry.stage { window.update(state, restartingCountdown: restartingCountdown) }
    }

    /// Ends the dialog `key` with response 2 and `reason`; a dialog not built yet never will be.
    func close(_ key: DialogKey, reason: String) {
        switch entries[key]?.stage {
        case .waiting?:
            queue.remove(key)
            finish(key, .ended(reason))
        case .shown(let window)?:
            // Its window's end comes back through `finish` before `close` returns.
            window.close(reason: reason)
        case nil:
            break
        }
    }

    /// Ends every dialog of `caller` with `reason`.
    func closeAll(of caller: BusName, reason: String) {
        for key in entries.keys where key.caller == caller { close(key, reason: reason) }
    }

    /// Ends every dialog with `reason`.
    func closeAll(reason: String) {
        for key in Array(entries.keys) { close(key, reason: reason) }
    }

    // MARK: - Building and ending

    private func build(_ key: DialogKey) {
        guard let entry = entries[key], case .waiting(let request, let parent) = entry.stage else { return }
        let reports = DialogWindowReports(
            event: { [weak self] event in self?.onEvent?(key, event) },
            finish: { [weak self] outcome in self?.finish(key, outcome) },
            notice: { [weak self] notice in self?.onNotice?(key, notice) })
        // Drawing the Updates that came while it waited.
        let window = windows.makeWindow(for: request.replacingState(with: entry.state), parent: parent, reports: reports)
        entry.stage = .shown(window)
        log.debug("showing \(key)")
        window.present()
    }

    private func finish(_ key: DialogKey, _ outcome: DialogOutcome) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        let left = countByCaller[key.caller, default: 1] - 1
        countByCaller[key.caller] = left > 0 ? left : nil
        log.debug("dialog \(key) ended: \(outcome)")
        entry.reply.send(outcome, log: log)
        onEnded?(key)
    }
}
