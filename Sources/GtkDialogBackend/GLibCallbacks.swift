internal import CGtk

// C callbacks into Swift: GLib calls a `@convention(c)` trampoline with a retained box as its
// user data, the trampoline hands the box's closure to the main actor, and the box is released
// by the destroy notify GLib calls when the connection or source goes away.
//
// GLib runs every callback of the default main context on the main thread, which is where GTK
// must be used: `MainActor.assumeIsolated` checks that rather than trusting it.

/// A Swift closure kept alive for as long as GLib holds on to it.
@MainActor
final class CallbackBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    /// A +1 reference for GLib's user data; `releaseBox` gives it back.
    func retainedForC() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

/// Runs `body` with the box behind `data` on the main actor; GLib calls back on the main thread.
func withBox<Handler, Result>(
    _ data: UnsafeMutableRawPointer?, _ body: @MainActor (CallbackBox<Handler>) -> Result
) -> Result? where Result: Sendable {
    guard let data else { return nil }
    let box = Unmanaged<CallbackBox<Handler>>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { body(box) }
}

/// GDestroyNotify for a box made by `retainedForC`.
let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GClosureNotify for a box made by `retainedForC`.
private let releaseSignalBox: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    releaseBox(data)
}

typealias SignalHandler = @MainActor () -> Void
typealias PointerSignalHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
typealias KeySignalHandler = @MainActor (_ keyval: UInt32, _ state: GdkModifierType) -> Bool

/// Connecting Swift closures to GObject signals; the closure is freed with the connection.
/// The corresponding C function is `g_signal_connect_data` (`g_signal_connect` is a macro).
@MainActor
enum Signal {
    /// A signal whose handler takes only the instance: `realize`, `destroy`, `changed`, `enter`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping SignalHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            withBox(data) { (box: CallbackBox<SignalHandler>) in box.handler() }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), CallbackBox(handler).retainedForC())
    }

    /// A signal with one pointer argument: `row-selected`, `row-activated`, `response`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping PointerSignalHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, argument, data in
            withBox(data) { (box: CallbackBox<PointerSignalHandler>) in box.handler(argument) }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), CallbackBox(handler).retainedForC())
    }

    /// GtkEventControllerKey's `key-pressed`; the handler returns whether it handled the key.
    @discardableResult
    static func connectKeyPressed(_ controller: UnsafeMutableRawPointer, _ handler: @escaping KeySignalHandler) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
            _, keyval, _, state, data in
            withBox(data) { (box: CallbackBox<KeySignalHandler>) in box.handler(keyval, state) } == true ? 1 : 0
        }
        return connect(controller, "key-pressed", unsafeBitCast(trampoline, to: GCallback.self), CallbackBox(handler).retainedForC())
    }

    private static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ callback: GCallback, _ box: UnsafeMutableRawPointer
    ) -> UInt {
        g_signal_connect_data(instance, name, callback, box, releaseSignalBox, GConnectFlags(rawValue: 0))
    }
}

/// Main-loop sources with Swift closures.
@MainActor
enum MainLoopSource {
    typealias RepeatingHandler = @MainActor () -> Bool

    /// Calls `handler` every `milliseconds` until it returns false; returns the source id
    /// for `g_source_remove`. The corresponding C function is `g_timeout_add_full`.
    static func every(milliseconds: UInt32, _ handler: @escaping RepeatingHandler) -> UInt32 {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            withBox(data) { (box: CallbackBox<RepeatingHandler>) in box.handler() } == true ? 1 : 0
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline, CallbackBox(handler).retainedForC(), releaseBox)
    }

    /// Calls `handler` once, `milliseconds` from now; returns the source id for `g_source_remove`
    /// (until it has run). The corresponding C function is `g_timeout_add_full`.
    static func after(milliseconds: UInt32, _ handler: @escaping SignalHandler) -> UInt32 {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            _ = withBox(data) { (box: CallbackBox<SignalHandler>) in box.handler() }
            return 0
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline, CallbackBox(handler).retainedForC(), releaseBox)
    }

    /// Calls `handler` once, when the main loop has nothing more urgent to do (after pending
    /// layout). The corresponding C function is `g_idle_add_full`.
    static func onceIdle(_ handler: @escaping SignalHandler) {
        whileIdle(priority: G_PRIORITY_DEFAULT_IDLE) {
            handler()
            return false
        }
    }

    /// Calls `handler` whenever the main loop has nothing at a priority above `priority` to do,
    /// until it returns false; returns the source id. The corresponding C function is
    /// `g_idle_add_full`.
    @discardableResult
    static func whileIdle(priority: Int32, _ handler: @escaping RepeatingHandler) -> UInt32 {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            withBox(data) { (box: CallbackBox<RepeatingHandler>) in box.handler() } == true ? 1 : 0
        }
        return g_idle_add_full(priority, trampoline, CallbackBox(handler).retainedForC(), releaseBox)
    }

    /// Calls `handler` when the Unix signal `number` arrives (SIGTERM, SIGINT), on the main loop.
    /// The corresponding C function is `g_unix_signal_add_full`.
    @discardableResult
    static func onUnixSignal(_ number: Int32, _ handler: @escaping SignalHandler) -> UInt32 {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            _ = withBox(data) { (box: CallbackBox<SignalHandler>) in box.handler() }
            return 1
        }
        return g_unix_signal_add_full(G_PRIORITY_DEFAULT, number, trampoline, CallbackBox(handler).retainedForC(), releaseBox)
    }
}
