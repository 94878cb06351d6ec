/// Fills a translated message's placeholders: `%s` takes the next argument, `%1$s` … the
/// numbered one (so a translation may reorder them, as C's printf allows and `msgfmt --check`
/// checks), `%%` is a percent sign. Anything else stays as written.
public func filled(_ template: String, _ arguments: String...) -> String {
    filled(template, arguments)
}

/// `filled(_:_:)` with the arguments in an array.
package func filled(_ template: String, _ arguments: [String]) -> String {
    var bytes = template
    return bytes.withUTF8 { asciiFilled($0, arguments) } ?? characterFilled(template, arguments)
}

/// `filled` reading the template a Character at a time: for any template.
package func characterFilled(_ template: String, _ arguments: [String]) -> String {
    var result = ""
    var next = 0
    var characters = template.makeIterator()
    while let character = characters.next() {
        guard character == "%" else {
            result.append(character)
            continue
        }
        var digits = ""
        var pending = "%"
        while let following = characters.next() {
            pending.append(following)
            if following.isASCII, following.isNumber {
                digits.append(following)
            } else if following == "$", !digits.isEmpty {
                continue
            } else if following == "s", let index = digits.isEmpty ? next : Int(digits).map({ $0 - 1 }), arguments.indices.contains(index) {
                result += arguments[index]
                if digits.isEmpty { next += 1 }
                pending = ""
                break
            } else if following == "%", digits.isEmpty {
                result.append("%")
                pending = ""
                break
            } else {
                break
            }
        }
        result += pending
    }
    return result
}

/// `filled` for a template of ASCII text, read a byte at a time where the general one reads
/// Characters (a session's "Asked by %s" took 5,000 instructions): in ASCII a byte is a
/// character but for CR LF, which only ever stays as written. Nil for any other template.
private func asciiFilled(_ template: UnsafeBufferPointer<UInt8>, _ arguments: [String]) -> String? {
    guard template.allSatisfy({ $0 < 0x80 }) else { return nil }
    let percent = UInt8(ascii: "%")
    var result = ""
    var next = 0
    var index = 0
    /// The template's bytes from `start` up to `end`, as they are.
    func keep(_ start: Int, _ end: Int) {
        if start < end { result += String(decoding: UnsafeBufferPointer(rebasing: template[start..<end]), as: UTF8.self) }
    }
    var literalStart = 0
    while index < template.count {
        guard template[index] == percent else {
            index += 1
            continue
        }
        keep(literalStart, index)
        // What follows the '%': digits, then '$' after them, then 's' or (alone) '%'; anything
        // else stays as written, the byte that ended the placeholder with it.
        var digits = 0
        // The number the digits make, nil once it is too large (as `Int(_:)` of them is).
        var number: Int? = 0
        var cursor = index + 1
        var replaced = false
        while cursor < template.count {
            let byte = template[cursor]
            cursor += 1
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                number = number.flatMap { value in
                    let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflowedAgain) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    return overflowed || overflowedAgain ? nil : sum
                }
            } else if byte == UInt8(ascii: "$"), digits > 0 {
                continue
            } else if byte == UInt8(ascii: "s") {
                let argument = digits == 0 ? next : number.map { $0 - 1 }
                if let argument, arguments.indices.contains(argument) {
                    result += arguments[argument]
                    if digits == 0 { next += 1 }
                    replaced = true
                }
                break
            } else if byte == percent, digits == 0 {
                result += "%"
                replaced = true
                break
            } else {
                break
            }
        }
        if !replaced { keep(index, cursor) }
        index = cursor
        literalStart = cursor
    }
    keep(literalStart, index)
    return result
}
