/// One frame's bytes, assembled in a single buffer and written with a single write.
struct FrameBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    mutating func append(_ text: ArraySlice<UInt8>) {
        bytes.append(contentsOf: text)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        // One byte at a time: a frame pads every cell with a few spaces, and appending a
        // repeated element (or a slice) costs a hundred instructions a call however few.
        for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
    }

    /// A non-negative number in decimal.
    mutating func appendNumber(_ number: Int) {
        guard number >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(max(number, 0)))
            return
        }
        appendNumber(number / 10)
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// Two digits, zero-padded: the seconds of a countdown.
    mutating func appendTwoDigits(_ number: Int) {
        bytes.append(UInt8(ascii: "0") + UInt8(number / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}

/// Text measured once: its bytes and the columns it takes.
struct MeasuredText {
    let bytes: [UInt8]
    let columns: Int

    init(_ text: String) {
        bytes = Array(text.utf8)
        columns = DisplayWidth.of(text)
    }

    init(clipping text: String, to columns: Int) {
        let clipped = DisplayWidth.clipped(text, to: columns)
        bytes = Array(clipped.text.utf8)
        self.columns = clipped.columns
    }
}
