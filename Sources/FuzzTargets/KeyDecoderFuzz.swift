internal import TerminalUI
internal import TimePickerCore

/// Terminal input, as a person, a paste or a program writing on the terminal could send it:
/// decoded in reads of the size the first byte picks (sequences split across reads), each key
/// bound to its event and applied to a picker the first byte also picks.
enum KeyDecoderFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let readSize = Int(first % 16) + 1
        var model = PickerModel(options: FuzzPickers.options(first / 16))
        var decoder = KeyDecoder()
        var rest = input.dropFirst()
        while !rest.isEmpty {
            let read = rest.prefix(readSize)
            rest = rest.dropFirst(readSize)
            for key in decoder.decode(read) {
                if case .character(let scalar) = key {
                    // A control never reaches the picker as typed text: escape sequences are
                    // consumed whole, and C0, DEL and C1 are keys or junk.
                    require(
                        scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value),
                        "U+\(String(scalar.value, radix: 16)) decoded as a typed character")
                }
                guard let event = pickerEvent(for: key) else { continue }
                // A key that ends the picker (Enter, Escape) starts the next one afresh.
                if model.apply(event) != nil { model = PickerModel(options: model.options) }
                FuzzPickers.check(model)
            }
        }
    }
}
