internal import TimePickerCore

/// Text a caller sends for a title, through the neutraliser every user interface shows titles
/// with: nothing that drives a terminal or reorders text survives, and neutralised text is
/// left as it is (so nothing the first pass let through hides once its neighbours changed).
/// The same bytes as a catalog's translation: the same, but for isolates it closes.
enum DisplaySafeFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        let safe = displaySafe(text)
        for scalar in safe.unicodeScalars {
            require(scalar.properties.generalCategory != .control, "U+\(String(scalar.value, radix: 16)) left in \(safe.debugDescription)")
            require(!bidiControls.contains(scalar.value), "bidi control U+\(String(scalar.value, radix: 16)) left in \(safe.debugDescription)")
        }
        require(displaySafe(safe) == safe, "\(text.debugDescription) made \(safe.debugDescription), which is not display-safe yet")
        // The same text as a translation: only isolates it closes may be left, balanced.
        let translated = displaySafeTranslation(text)
        var depth = 0
        for scalar in translated.unicodeScalars {
            require(scalar.properties.generalCategory != .control, "U+\(String(scalar.value, radix: 16)) left in \(translated.debugDescription)")
            switch scalar.value {
            case 0x2066...0x2068: depth += 1
            case 0x2069: depth -= 1
            default: require(!bidiControls.contains(scalar.value), "bidi control U+\(String(scalar.value, radix: 16)) left in \(translated.debugDescription)")
            }
            require(depth >= 0, "an isolate closed that was not opened in \(translated.debugDescription)")
        }
        require(depth == 0, "an isolate left open in \(translated.debugDescription)")
        require(displaySafeTranslation(translated) == translated, "\(text.debugDescription) made \(translated.debugDescription), which is not display-safe yet")
    }

    /// Embeddings, overrides, isolates and marks (UAX #9): what makes text read out of order.
    private static let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
}
