internal import DBusKit
internal import CGtk

/// The dialogs asked for and not built yet, and the idle source that builds them one at a time.
///
/// ShowPicker only records its request here. Building a dialog (a window, two lists, a first
/// frame) costs milliseconds; answering a call, microseconds. So dialogs are built from an
/// idle source at `G_PRIORITY_LOW`, below the priority at which the bus connection is read and
/// dispatched (`GLibConnectionDriver`): while calls keep arriving the backend only answers them,
/// and when it has caught up it builds what is still open. Under a flood of ShowPicker + Close,
/// a dialog whose Close arrived first is never built, let alone mapped, and nothing piles up
/// but a record per open dialog (bounded by `OpenDialogs`' limits).
///
/// Callers take turns: one caller's backlog does not hold back another's first dialog.
@MainActor
final class DialogBuildQueue {
    /// Keys waiting, by caller, oldest first.
    private var waiting: [BusName: [DialogKey]] = [:]
    /// Callers with keys waiting, in turn order.
    private var turns: [BusName] = []
    private var source: UInt32 = 0
    private let build: @MainActor (DialogKey) -> Void

    /// `build` is called with each key in turn, from the idle source.
    init(build: @escaping @MainActor (DialogKey) -> Void) {
        self.build = build
    }

    /// How many dialogs wait to be built.
    var count: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Queues `key` behind its caller's other waiting dialogs.
    func enqueue(_ key: DialogKey) {
        if waiting[key.caller] == nil { turns.append(key.caller) }
        waiting[key.caller, default: []].append(key)
        guard source == 0 else { return }
        source = MainLoopSource.whileIdle(priority: G_PRIORITY_LOW) { [weak self] in
            self?.buildNext() ?? false
        }
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
        if turns.isEmpty, source != 0 {
            g_source_remove(source)
            source = 0
        }
    }

    /// Builds the next caller's oldest waiting dialog; false (and the source goes) when none is left.
    private func buildNext() -> Bool {
        guard !turns.isEmpty else {
            source = 0
            return false
        }
        let caller = turns.removeFirst()
        guard var keys = waiting[caller], !keys.isEmpty else { return !turns.isEmpty || stop() }
        let key = keys.removeFirst()
        if keys.isEmpty {
            waiting[caller] = nil
        } else {
            waiting[caller] = keys
            turns.append(caller)
        }
        build(key)
        return !turns.isEmpty || stop()
    }

    /// Forgets the source, which GLib removes as the callback returns false.
    private func stop() -> Bool {
        source = 0
        return false
    }
}
