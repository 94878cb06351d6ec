import Localization
import Testing

/// Filling placeholders a byte at a time (ASCII templates) gives what reading Characters gives.
@Suite("Templates")
struct TemplateTests {
    /// The pieces a template is made of here: placeholders' parts, text, and line ends.
    static let pieces = ["%", "$", "s", "1", "2", "0", "x", "\r\n"]

    /// Every template of up to `length` pieces.
    static func templates(upTo length: Int) -> [String] {
        var all = [""]
        var last = [""]
        for _ in 0..<length {
            last = last.flatMap { prefix in pieces.map { prefix + $0 } }
            all += last
        }
        return all
    }

    @Test("Every ASCII template of up to five pieces fills as the Character-by-Character reading does")
    func sameAsCharacters() {
        var differing: [String] = []
        for template in Self.templates(upTo: 5) {
            for arguments in [[], ["A"], ["A", "B"]] where filled(template, arguments) != characterFilled(template, arguments) {
                differing.append("\(template.debugDescription) with \(arguments)")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test("Numbered placeholders too large for a number stay as written")
    func hugeNumbers() {
        let template = "%99999999999999999999999$s and %1$s"
        #expect(filled(template, ["A"]) == characterFilled(template, ["A"]))
        #expect(filled(template, ["A"]) == "%99999999999999999999999$s and A")
    }
}
