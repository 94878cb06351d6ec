internal import TimePickerCore

/// Times as a person types them into a column or writes them on a command line, and as a
/// caller writes them in an option: every reader takes the text, and what one reads means
/// what it says.
enum TypedTimeFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)

        // The bus's HH:MM is read exactly: a time read from it writes back as the same text.
        if let time = WallClockTime(parsing: text) {
            require(time.clockText == text, "\(text.debugDescription) read as \(time.clockText)")
        }
        // An option is HH:MM or H:MM, nothing looser.
        if let time = WallClockTime(parsingOption: text) {
            require(time.clockText == text || time.clockText == "0" + text, "option \(text.debugDescription) read as \(time.clockText)")
        }
        // What a person writes reads as a time whose bus form reads back as the same time.
        if case .time(let time)? = TimeText.parse(text) {
            require(TimeText.parse(time.clockText) == .time(time), "\(text.debugDescription) read as \(time.clockText), which reads otherwise")
        }
        // A typed time means one or two times, and two only as an hour and the same twelve
        // hours later.
        if let readings = TypedTime.readings(of: text) {
            require(readings.count == 1 || (readings.count == 2 && readings[1].minutes - readings[0].minutes == 720),
                    "\(text.debugDescription) read as \(readings)")
        }

        // Typed into a picker key by key, as the terminal and the dialog do; the first byte
        // picks the picker and which characters are erased again (Backspace).
        var model = PickerModel(options: FuzzPickers.options(first))
        for (index, character) in text.enumerated() {
            _ = model.apply(first & (1 << (index % 8)) != 0 ? .erase : .type(character))
            FuzzPickers.check(model)
            // Whatever was typed, the note about it can be written.
            _ = model.state.typedNote.map { FuzzPickers.words.note($0, .twelveHour) }
        }
        _ = model.apply(.finishTyping)
        FuzzPickers.check(model)
    }
}
