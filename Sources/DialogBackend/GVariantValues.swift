internal import CGtk
internal import TimePickerCore

// GVariant to Swift and back for the few shapes the interface uses. `g_variant_new` and
// `g_variant_get` are variadic and do not import; these use the typed constructors and
// accessors instead.

/// A borrowed GVariant (`GVariant *`), read without taking ownership.
package struct VariantReader {
    let raw: OpaquePointer

    /// Reads `raw`, which the caller keeps alive while the reader is used.
    package init(raw: OpaquePointer) {
        self.raw = raw
    }

    /// Child `index` of a tuple or container; the caller owns the result
    /// (`g_variant_get_child_value` returns a new reference).
    func child(_ index: Int) -> OwnedVariant {
        OwnedVariant(g_variant_get_child_value(raw, gsize(index)))
    }

    /// The value of a string or object path.
    var string: String { String(cString: g_variant_get_string(raw, nil)) }

    /// The D-Bus type signature, such as `s` or `a{sv}`.
    var signature: String { String(cString: g_variant_get_type_string(raw)) }

    /// An `a{sv}` as option values: strings and uint32s as such, any other type by its signature.
    /// A key sent twice keeps its last value.
    var options: [String: OptionValue] {
        var result: [String: OptionValue] = [:]
        for index in 0..<Int(g_variant_n_children(raw)) {
            let entry = child(index)
            let key = entry.reader.child(0)
            let boxed = entry.reader.child(1)
            let value = OwnedVariant(g_variant_get_variant(boxed.raw))
            // Swift may drop a reference after its last use, and a reader's pointer is borrowed:
            // each owned value is kept until every read through it is done.
            withExtendedLifetime((entry, key, boxed, value)) {
                result[key.reader.string] =
                    switch value.reader.signature {
                    case "s": .string(value.reader.string)
                    case "u": .uint32(g_variant_get_uint32(value.raw))
                    case let other: .other(signature: other)
                    }
            }
        }
        return result
    }
}

/// A GVariant reference this value owns and drops when it goes away.
final class OwnedVariant {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { g_variant_unref(raw) }
    var reader: VariantReader { VariantReader(raw: raw) }

    // Reads that keep this reference until they are done (a reader's pointer is borrowed, and
    // Swift may drop a temporary after its last use).

    /// The value of a string or object path.
    var string: String { withExtendedLifetime(self) { reader.string } }
    /// The value of a uint32.
    var uint32: UInt32 { withExtendedLifetime(self) { g_variant_get_uint32(raw) } }
    /// An `a{sv}` as option values (see `VariantReader.options`).
    var options: [String: OptionValue] { withExtendedLifetime(self) { reader.options } }
}

/// Building the values the backend sends: floating references, consumed by whatever they are
/// passed to (a tuple, a reply, a signal).
enum VariantBuilder {
    /// An `a{sv}` of string values, keys in the given order.
    static func stringVardict(_ entries: [(key: String, value: String)]) -> OpaquePointer {
        let builder = g_variant_builder_new(cgtk_variant_type_vardict())
        for (key, value) in entries {
            g_variant_builder_add_value(
                builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value))))
        }
        let dictionary = g_variant_builder_end(builder)!
        g_variant_builder_unref(builder)
        return dictionary
    }

    /// A tuple of `children` (floating references it consumes).
    static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }
}
