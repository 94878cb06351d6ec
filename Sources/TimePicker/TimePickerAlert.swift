internal import Dispatch
public import FoundationEssentials
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
/// (`man io.github.timepickerd.TimePicker1`), typed: set them before `show()` or `pick()`; nil
/// leaves the service's default. The bus work runs on a thread of the alert's own; the delegate
/// is told on the main queue, so a command-line program adds only `dispatchMain()`.
///
/// Inside, what every caller of the service needs: the service's process checked to be this
/// user's (nothing is sent to another user's), the session subscribed to before it is asked
/// for, the answer checked, a service that stops noticed (the pick fails, never hangs), the
/// program's terminal lent and restored when the picker is shown there, Ctrl-C handled.
/// The session ends when this program leaves the bus, as a portal's request does.
@MainActor
public final class TimePickerAlert {
    /// The header shown above the picker (`title`).
    public var title: String?
    /// The time between slots, in whole minutes that divide a day (`step`).
    public var step: Duration?
    /// The first and last slots (`first`, `last`; `last` may be `.endOfDay`).
    public var first: TimeOfDay?
    public var last: TimeOfDay?
    /// The range shown at first (`start`, `end`); `start` may be `.now`.
    public var start: TimeOfDay?
    public var end: TimeOfDay?
    /// The shortest range the person may choose, in whole minutes (`min_duration`).
    public var minDuration: Duration?
    /// How long until the picker cancels itself, code `.timeout`, in whole seconds (`timeout`).
    public var timeout: Duration?
    /// How many times the person may extend `timeout`, each time by the whole `timeout` from
    /// when they ask (`timeout_extensions`; needs `timeout`, at most 100).
    public var timeoutExtensions: Int?
    /// 12- or 24-hour times; by default the person's locale's or desktop's (`clock`).
    public var clock: TimePickerClock?
    /// The end may fall on the next day: a night shift (`overnight`).
    public var overnight = false
    /// The picker's day: the day this instant falls on in `timeZone` (else this program's zone).
    /// The range then comes with its `interval` (`date`).
    public var date: Date?
    /// The zone of the range's times; its identifier must be an IANA name ("Europe/Berlin").
    /// By default this program's own (`time_zone`).
    public var timeZone: TimeZone?
    /// Where the picker is shown; by default the service's choice (`ui`).
    public var userInterface: TimePickerUserInterface?
    /// The window the dialog belongs to: `x11:XID` or `wayland:HANDLE` (`parent_window`).
    public var parentWindow: String?
    /// The activation token that lets the dialog take focus (`activation_token`).
    public var activationToken: String?
    /// The language of the picker (a locale name); by default this program's (LC_MESSAGES) (`locale`).
    public var locale: String?
    /// Options this library has no property for (one a later service adds), by their name on
    /// the bus; a property that is set wins over an entry for the same option.
    public var extraOptions: [String: TimePickerOptionValue] = [:]
    /// Show the picker on this program's terminal (its stdin's, else its controlling terminal),
    /// lent to the service and restored after; for command-line programs. While it is lent,
    /// SIGINT, SIGTERM and SIGHUP cancel the session and the pick fails with code
    /// `.interrupted` (those this program ignores stay ignored).
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
            case .failure(let error): delegate.pickerAlertCancel(error: Self.thrown(error))
            }
        }
    }

    /// Withdraws the picker: the session ends `Cancelled("caller")`, and `pick()` throws, or the
    /// delegate is told, `CancellationError`, at once, whatever the pick was waiting for.
    public func cancel() {
        running?.cancel()
    }

    /// Shows the picker and returns the range chosen. Throws `CancellationError` when the task
    /// is cancelled or `cancel()` is called (the picker is withdrawn, and no session is made if
    /// it was not yet asked for); else a `TimePickerError` when there is no range: the person
    /// dismissed it (`.user`), the timeout ran out, it could not be shown. Throws
    /// `.alreadyShowing` at once when a picker of this alert is already shown.
    public func pick() async throws -> TimePickerRange {
        try Task.checkCancellation()
        let cancelHandle = CancelHandle()
        let result: Result<TimePickerRange, TimePickerError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = start { continuation.resume(returning: $0) }
                guard started else { return continuation.resume(returning: .failure(TimePickerError(.alreadyShowing))) }
                cancelHandle.set(running)
            }
        } onCancel: {
            cancelHandle.cancel()
        }
        do {
            return try result.get()
        } catch {
            throw Self.thrown(error)
        }
    }

    /// What a failed pick throws: this program's own cancel as Swift's `CancellationError`.
    private static func thrown(_ error: TimePickerError) -> any Error {
        error.cause == .withdrawn ? CancellationError() : error
    }

    /// Starts a pick whose outcome `done` is told on the main queue; false when one is running.
    @discardableResult
    private func start(_ done: @escaping @MainActor (Result<TimePickerRange, TimePickerError>) -> Void) -> Bool {
        guard running == nil else { return false }
        let request: ServicePick.Request
        do {
            request = try makeRequest()
        } catch {
            DispatchQueue.main.async { MainActor.assumeIsolated { done(.failure(error)) } }
            return true
        }
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
                MainActor.assumeIsolated { done(.failure(TimePickerError(.failed(name: "org.freedesktop.DBus.Error.Failed", message: "cannot start a thread")))) }
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
    /// Options as text, sent as they are over the typed ones: `timepickerctl`'s command-line
    /// words ("9am" stays "9am"), so that the service's refusal names the option as given.
    package var rawOptions: [String: String] = [:]

    /// Runs the pick on the calling thread, blocking it until the outcome: for `timepickerctl`,
    /// whose main thread has nothing else to do. Notices go to `onNotice` as they come.
    package func pickOnThisThread() -> Result<TimePickerRange, TimePickerError> {
        let notices = onNotice
        let request: ServicePick.Request
        do {
            request = try makeRequest()
        } catch {
            return .failure(error)
        }
        return ServicePick(request: request, notice: { notices?($0) }).run()
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
