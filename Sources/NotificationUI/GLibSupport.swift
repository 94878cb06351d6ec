internal import CNotify

/// A failure GLib reported through a `GError`.
struct GLibError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }

    /// Runs a GLib call that reports failure through a `GError**` and returns false on failure;
    /// frees the error and throws its message. Every such call goes through here.
    static func check(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        let succeeded = call(&error) != 0
        defer { if let error { g_error_free(error) } }
        guard succeeded else {
            throw GLibError(message: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error")
        }
    }
}

/// Runs `work` once on `context`'s loop, the next time it is idle.
func runWhenIdle(on context: OpaquePointer?, _ work: @escaping () -> Void) {
    let source = g_idle_source_new()
    let box = Unmanaged.passRetained(ClosureBox(work)).toOpaque()
    g_source_set_callback(source, { data in
        guard let data else { return 0 }
        Unmanaged<ClosureBox<Void>>.fromOpaque(data).takeUnretainedValue().call(())
        return 0
    }, box, { data in
        guard let data else { return }
        Unmanaged<ClosureBox<Void>>.fromOpaque(data).release()
    })
    g_source_attach(source, context)
    g_source_unref(source)
}

/// A GObject property of type int, read or written through a GValue (G_TYPE_INT comes from the
/// shim: GLib's type macros do not import).
enum GObjectIntProperty {
    static func get(_ object: UnsafeMutableRawPointer, _ name: String) -> Int32 {
        var value = GValue()
        g_value_init(&value, CNOTIFY_TYPE_INT)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_int(&value)
    }

    static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ number: Int32) {
        var value = GValue()
        g_value_init(&value, CNOTIFY_TYPE_INT)
        defer { g_value_unset(&value) }
        g_value_set_int(&value, number)
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    }
}

/// Keeps a Swift closure alive while a C library holds it as user data.
final class ClosureBox<Argument> {
    private let closure: (Argument) -> Void
    init(_ closure: @escaping (Argument) -> Void) { self.closure = closure }
    func call(_ argument: Argument) { closure(argument) }
}
