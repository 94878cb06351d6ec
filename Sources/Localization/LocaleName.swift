/// A locale name in the parts glibc reads it in: a language, then `_territory`, `.codeset` and
/// `@modifier`, each optional but the first ("de_DE.UTF-8", "sr_RS@latin", "C.utf8", "eo").
struct LocaleName: Equatable, Sendable {
    let language: String
    let territory: String?
    /// The codeset as glibc compares them (`normalizedCodeset`): "utf8" for "UTF-8".
    let codeset: String?
    let modifier: String?

    init(language: String, territory: String?, codeset: String?, modifier: String?) {
        self.language = language
        self.territory = territory
        self.codeset = codeset
        self.modifier = modifier
    }

    /// The parts of `name`; nil when it has no language or an empty part.
    init?(parsing name: String) {
        var rest = Substring(name)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        var codeset: Substring?
        if let dot = rest.firstIndex(of: ".") {
            codeset = rest[rest.index(after: dot)...]
            rest = rest[..<dot]
        }
        var territory: Substring?
        if let underscore = rest.firstIndex(of: "_") {
            territory = rest[rest.index(after: underscore)...]
            rest = rest[..<underscore]
        }
        guard !rest.isEmpty, modifier?.isEmpty != true, codeset?.isEmpty != true, territory?.isEmpty != true else { return nil }
        let normalized = codeset.map { Self.normalizedCodeset(String($0)) }
        guard normalized?.isEmpty != true else { return nil }
        self.init(language: String(rest), territory: territory.map(String.init), codeset: normalized, modifier: modifier.map(String.init))
    }

    /// glibc's one spelling of a codeset (`_nl_normalize_codeset`): its letters in lower case
    /// and its digits, nothing else, and "iso" before one of digits alone: "UTF-8", "utf8" and
    /// "Utf_8" are all "utf8", "eucJP" is "eucjp", "8859-1" is "iso88591".
    static func normalizedCodeset(_ codeset: String) -> String {
        let kept = codeset.unicodeScalars.filter { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        let normalized = String(String.UnicodeScalarView(kept)).lowercased()
        return !normalized.isEmpty && normalized.allSatisfy(\.isNumber) ? "iso" + normalized : normalized
    }

    /// The name with its codeset in glibc's one spelling: two spellings of one locale give the same.
    var normalized: String {
        var name = language
        if let territory { name += "_" + territory }
        if let codeset { name += "." + codeset }
        if let modifier { name += "@" + modifier }
        return name
    }

    /// The names under which a system may have this locale's language and territory drawn in
    /// UTF-8, best first: with the modifier (its codeset named, then not: "sr_RS@latin" is
    /// UTF-8), then without it, which is how an unknown modifier is dropped and how a
    /// non-UTF-8 locale ("ja_JP.eucjp", "de_DE@euro") finds its UTF-8 variant. A candidate
    /// without a codeset in its name may still be another codeset: the system says.
    var utf8Candidates: [LocaleName] {
        let modifiers = modifier == nil ? [nil] : [modifier, nil]
        return modifiers.flatMap { modifier in
            [LocaleName(language: language, territory: territory, codeset: "utf8", modifier: modifier),
             LocaleName(language: language, territory: territory, codeset: nil, modifier: modifier)]
        }
    }
}
