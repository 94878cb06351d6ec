/// Fills a translated message's placeholders: `%s` takes the next argument, `%1$s` … the
/// numbered one (so a translation may reorder them, as C's printf allows and `msgfmt --check`
/// checks), `%%` is a percent sign. Anything else stays as written.
public func filled(_ template: String, _ arguments: String...) -> String {
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
