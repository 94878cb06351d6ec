internal import DBusKit

/// The dialogs asked for and not built yet, built one at a time when the loop is idle.
///
/// ShowPicker only records its request here. Building a dialog (a window, two lists, a first
/// frame) costs milliseconds; answering a call, microseconds. So dialogs are built as idle
/// work (`IdleWork.build`), below the priority at which the bus connection is read and
/// dispatched: while calls keep arriving the backend only answers them, and when it has caught
/// up it builds what is still open. Under a flood of ShowPicker + Close, a dialog whose Close
/// arrived first is never built, let alone mapped, and nothing piles up but a record per open
/// dialog (bounded by `OpenDialogs`' limits).
///
/// Callers take turns: one caller's backlog does not hold back another's first dialog.
@MainActor
final class DialogBuildQueue {
    /// Keys waiting, by caller, oldest first.
    private var waiting: [BusName: [DialogKey]] = [:]
    /// Callers with keys waiting, in turn order.
    private var turns: [BusName] = []
    /// The idle work that builds the next dialog, while one waits.
    private var next: (any ConnectionTimer)?
    private let loop: any BackendLoop
    private let build: @MainActor (DialogKey) -> Void

    /// `build` is called with each key in turn, as idle work of `loop`.
    init(loop: any BackendLoop, build: @escaping @MainActor (DialogKey) -> Void) {
        self.loop = loop
        self.build = build
    }

    /// How many dialogs wait to be built.
    var count: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Queues `key` behind its caller's other waiting dialogs.
    func enqueue(_ key: DialogKey) {
        if waiting[key.caller] == nil { turns.append(key.caller) }
        waiting[key.caller, default: []].append(key)
        scheduleNext()
    }

    /// Takes `key` out of the queue (closed, or its caller left, before it was built).
    func remove(_ key: DialogKey) {
        guard var keys = waiting[key.caller], let index = keys.firstIndex(of: key) else { return }
        keys.remove(at: index)
        if keys.isEmpty {
            waiting[key.caller] = nil
            turns.removeAll { $0 == key.caller }
        } else {
            waiting[key.caller] = keys
        }
        if turns.isEmpty {
            next?.cancel()
            next = nil
        }
    }

    /// Has the next dialog built when the loop is idle, unless that is already arranged.
    private func scheduleNext() {
        guard next == nil else { return }
        next = loop.whenIdle(.build) { [weak self] in
            MainActor.assumeIsolated { self?.buildNext() }
        }
    }

    /// Builds the next caller's oldest waiting dialog, and has the one after built next time
    /// the loop is idle: the loop answers the calls that came meanwhile first.
    private func buildNext() {
        next = nil
        guard !turns.isEmpty else { return }
        let caller = turns.removeFirst()
        if var keys = waiting[caller], !keys.isEmpty {
            let key = keys.removeFirst()
            if keys.isEmpty {
                waiting[caller] = nil
            } else {
                waiting[caller] = keys
                turns.append(caller)
            }
            build(key)
        }
        if !turns.isEmpty { scheduleNext() }
    }
}
