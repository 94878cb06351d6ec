import Glibc

/// `value` with `decimals` digits after the point, rounded.
func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + "\(whole)"
    if decimals > 0 {
        let fraction = Int(scaled - Double(whole) * scale)
        let digits = "\(fraction)"
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// 12345 as "12,345".
func grouped(_ value: Int) -> String {
    let digits = Array("\(abs(value))")
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
}

/// Writes a progress line to stderr, so that stdout holds only the table.
func progress(_ text: String) {
    var line = Array("timepickerbench: \(text)\n".utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
