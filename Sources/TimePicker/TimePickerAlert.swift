internal import DBusKit
internal import Dispatch
internal import Glibc
internal import LocalSettings
internal import SystemKit

/// A start-and-end time picker shown by the time picker service (`timepickerd`), as the seed's
/// alert was used:
///
/// ```swift
/// let alert = TimePickerAlert(title: "Team meeting")
/// alert.delegate = self
/// alert.show()
/// ```
///
/// or, in async code, `let range = try await alert.pick()`. The options are the service's
/// (`man io.github.timepickerd.TimePicker1`): set them before `show()` or `pick()`; nil leaves
/// the service's default. The bus work runs on a thread of the alert's own; the delegate is told
/// on the main queue, so a command-line program adds only `dispatchMain()` or `RunLoop.main.run()`.
///
/// Inside, what every caller of the service needs: the service's process checked to be this
/// user's (nothing is sent to another user's), the session subscribed to before it is asked
/// for, the answer checked, a service that stops noticed (the pick fails, never hangs), the
/// program's terminal lent and restored when the picker is shown there, Ctrl-C handled.
@MainActor
public final class TimePickerAlert {
    /// The header shown above the picker (`title`).
    public var title: String?
    /// Minutes between slots; must divide 1440 (`step`).
    public var step: UInt32?
    /// The first and last slots, `HH:MM` (`first`, `last`).
    public var first: String?
    public var last: String?
    /// The range shown at first, `HH:MM` or "now" (`start`, `end`).
    public var start: String?
    public var end: String?
    /// The shortest range the person may choose, in minutes (`min_duration`).
    public var minDuration: UInt32?
    /// Seconds until the picker cancels itself with reason `timeout` (`timeout`).
    public var timeout: UInt32?
    /// How many times the person may extend `timeout`, each time by the whole `timeout` from
    /// when they ask (`timeout_extensions`; needs `timeout`, at most 100).
    public var timeoutExtensions: UInt32?
    /// "12h" or "24h"; by default the person's locale's or desktop's (`clock`).
    public var clock: String?
    /// The end may fall on the next day: a night shift (`overnight`).
    public var overnight = false
    /// The picker's day, `YYYY-MM-DD`, `today` or `tomorrow` (in the range's zone): the range
    /// then comes with instants (`date`).
    public var date: String?
    /// The IANA zone of the range's times ("Europe/Berlin"); by default this program's own (`time_zone`).
    public var timeZone: String?
    /// Where the picker is shown: "terminal", "notification" or "dialog"; by default the
    /// service's choice (`ui`).
    public var ui: String?
    /// The window the dialog belongs to: `x11:XID` or `wayland:HANDLE` (`parent_window`).
    public var parentWindow: String?
    /// The activation token that lets the dialog take focus (`activation_token`).
    public var activationToken: String?
    /// The language of the picker (a locale name); by default this program's (LC_MESSAGES) (`locale`).
    public var locale: String?
    /// Show the picker on this program's terminal (its stdin's, else its controlling terminal),
    /// lent to the service and restored after; for command-line programs. While it is lent,
    /// SIGINT, SIGTERM and SIGHUP cancel the session and the pick ends with `.interrupted`
    /// (those this program ignores stay ignored).
    /// SIGTTOU is ignored from then on, so that restoring the terminal never stops a background job.
    public var usesCallerTerminal = false

    /// Told the outcome of `show()`, on the main queue.
    public weak var delegate: (any TimePickerAlertDelegate)?
    /// Told, on the main queue, what a command-line program may want to say on the way (a
    /// background job waiting for its terminal, a setting the service lacks).
    public var onNotice: ((TimePickerNotice) -> Void)?

    /// The pick on screen, until its outcome is told.
    private var running: PickThread?

    /// Whether a picker of this alert is being shown.
    public var isShowing: Bool { running != nil }

    public init(title: String? = nil) {
        self.title = title
    }

    /// Shows the picker; the delegate is told the outcome. Does nothing while one is shown.
    public func show() {
        start { [weak self] result in
            guard let delegate = self?.delegate else { return }
            switch result {
            case .success(let range): delegate.pickerAlertSelected(range: range)
            case .failure(let error): delegate.pickerAlertCancel(error: error)
            }
        }
    }

    /// Withdraws the picker: it ends with reason `caller`, which the delegate (or `pick()`) is told.
    public func cancel() {
        running?.cancel()
    }

    /// Shows the picker and returns the range chosen; throws `.cancelled(reason)` when none was,
    /// or why it could not be shown. Cancelling the task withdraws the picker (reason `caller`).
    /// Throws `.alreadyShowing` at once when a picker of this alert is already shown.
    public func pick() async throws(TimePickerError) -> TimePickerRange {
        let cancelHandle = CancelHandle()
        let result: Result<TimePickerRange, TimePickerError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = start { continuation.resume(returning: $0) }
                guard started else { return continuation.resume(returning: .failure(.alreadyShowing)) }
                cancelHandle.set(running)
            }
        } onCancel: {
            cancelHandle.cancel()
        }
        return try result.get()
    }

    /// Starts a pick whose outcome `done` is told on the main queue; false when one is running.
    @discardableResult
    private func start(_ done: @escaping @MainActor (Result<TimePickerRange, TimePickerError>) -> Void) -> Bool {
        guard running == nil else { return false }
        let thread = PickThread(
            request: request,
            notice: { [weak self] notice in
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.onNotice?(notice) } }
            },
            // Holds the alert until the outcome is told, as the seed's alert stayed on screen:
            // `let alert = …; alert.show()` in a function that returns still tells the delegate.
            done: { [self] result in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        self.running = nil
                        done(result)
                    }
                }
            })
        guard let thread else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { done(.failure(.failed(name: ErrorName.failed.rawValue, message: "cannot start a thread"))) }
            }
            return true
        }
        running = thread
        return true
    }

    /// Cancel the session on SIGINT, SIGTERM and SIGHUP even with no terminal lent: for
    /// `timepickerctl`, whose every way out cancels its picker.
    package var cancelsOnInterrupt = false
    /// The bus instead of the session bus: for tests on private buses, which run side by side
    /// in one process.
    package var busAddress: String?

    /// Runs the pick on the calling thread, blocking it until the outcome: for `timepickerctl`,
    /// whose main thread has nothing else to do. Notices go to `onNotice` as they come.
    package func pickOnThisThread() -> Result<TimePickerRange, TimePickerError> {
        let notices = onNotice
        return ServicePick(request: request, notice: { notices?($0) }).run()
    }

    /// The options as the service takes them, with this program's locale and zone unless set.
    private var request: ServicePick.Request {
        var options: [String: DBusValue] = [:]
        let texts: [(String, String?)] = [
            ("title", title), ("first", first), ("last", last), ("start", start), ("end", end), ("clock", clock),
            ("ui", ui), ("date", date), ("parent_window", parentWindow), ("activation_token", activationToken),
        ]
        for case (let key, let value?) in texts { options[key] = .string(value) }
        let numbers: [(String, UInt32?)] = [("step", step), ("min_duration", minDuration), ("timeout", timeout), ("timeout_extensions", timeoutExtensions)]
        for case (let key, let value?) in numbers { options[key] = .uint32(value) }
        // Sent only when asked for, so that a service older than it still takes the rest.
        if overnight { options["overnight"] = .boolean(true) }
        var request = ServicePick.Request(options: options, usesCallerTerminal: usesCallerTerminal, cancelsOnInterrupt: cancelsOnInterrupt)
        request.busAddress = busAddress
        if let locale {
            request.options["locale"] = .string(locale)
        } else if let own = Self.ownLocale {
            request.options["locale"] = .string(own)
            request.sendsOwnLocale = true
        }
        if let timeZone {
            request.options["time_zone"] = .string(timeZone)
        } else if let own = ZoneDatabase.localName() {
            request.options["time_zone"] = .string(own)
            request.sendsOwnZone = true
        }
        return request
    }

    /// The locale this process's environment names for messages (LC_ALL, else LC_MESSAGES, else
    /// LANG, as glibc reads them), when the system has it; asked without `setlocale`, which
    /// would change the program's own.
    package static var ownLocale: String? {
        // None named is the C locale, as for setlocale.
        let variables: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let named = variables.lazy.compactMap { getenv($0).map { String(cString: $0) } }.first { !$0.isEmpty } ?? "C"
        guard let loaded = newlocale(LC_MESSAGES_MASK, named, nil) else { return nil }
        freelocale(loaded)
        return named
    }
}

/// The running pick a task's cancellation reaches, whichever thread it comes on.
private final class CancelHandle: Sendable {
    private let pick = Locked<(thread: PickThread?, cancelled: Bool)>((nil, false))

    func set(_ thread: PickThread?) {
        let cancelled = pick.withLock { state in
            state.thread = thread
            return state.cancelled
        }
        if cancelled { thread?.cancel() }
    }

    func cancel() {
        let thread = pick.withLock { state in
            state.cancelled = true
            return state.thread
        }
        thread?.cancel()
    }
}
