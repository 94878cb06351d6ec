internal import CLinux
internal import Glibc
public import TimePickerCore

/// A person's language and clock, for one session: a glibc locale object (`newlocale`) whose
/// messages and time categories the session's text is read in, with `uselocale` around each
/// `dgettext`, so that one daemon speaks several languages at once without `setlocale` (which
/// is global to the process).
///
/// Always a locale the system has, drawn in UTF-8 (`SystemLocales`): the many names of one
/// locale ("de_DE.UTF-8", "de_DE.utf8@x", "de_DE@euro") are one language, made once, and only
/// the system's own names reach glibc.
public final class Language: @unchecked Sendable {
    /// The locale's name as the system spells it ("de_DE.utf8"; "" for the process's
    /// environment): the one name of every spelling of it, which caches of words key on.
    public let name: String
    private let object: LocaleObject
    private var handle: locale_t { object.handle }

    private init(name: String, object: LocaleObject) {
        self.name = name
        self.object = object
    }

    /// The system's locale for `name` in UTF-8 (`SystemLocales.utf8Locale`); nil when the system
    /// has no such locale.
    ///
    /// The locale object is made once per locale and shared (`LocaleObject.named`): a session in
    /// a caller's language asks for it again and again. The most recent few are kept; one that
    /// goes is freed once no `Language` uses it.
    public convenience init?(named name: String) {
        guard let system = SystemLocales.shared.utf8Locale(for: name), let object = LocaleObject.named(system) else { return nil }
        self.init(name: system, object: object)
    }

    /// The process's own language, from its environment (LC_ALL, LC_MESSAGES, LANG, LC_TIME); in
    /// a locale of another codeset than UTF-8 ("ja_JP.eucjp"), its UTF-8 variant.
    public static let environment: Language = {
        guard let object = LocaleObject(named: "") else { return c }
        if object.drawsInUTF8 { return Language(name: "", object: object) }
        return Language(named: object.messagesName) ?? c
    }()

    /// The C locale: English words, 24-hour times. glibc always has it; only an allocation
    /// `newlocale` cannot make would fail it.
    public static let c: Language = {
        guard let object = LocaleObject(named: "C") else { preconditionFailure("newlocale could not make the C locale") }
        return Language(name: "C", object: object)
    }()

    /// `message` in this language (itself when the catalog has no translation), display-safe:
    /// a catalog is a file anyone who sets `TIMEPICKERD_LOCALEDIR` chooses, and what it holds
    /// reaches terminals and notifications (`displaySafeTranslation`).
    ///
    /// gettext answers with the very pointer it was given when there is no translation: the
    /// answer is read while the message's C string is still alive.
    public func text(_ message: String) -> String {
        displaySafeTranslation(translated(message))
    }

    /// What the catalog holds for `message`, as it holds it.
    private func translated(_ message: String) -> String {
        message.withCString { id in within { String(cString: dgettext(Catalogs.domain, id)) } }
    }

    /// `message` as meant in `context` ("End" the column, not the verb), in this language.
    public func text(context: String, _ message: String) -> String {
        let key = context + "\u{04}" + message
        let translated = translated(key)
        return translated == key ? message : displaySafeTranslation(translated)
    }

    /// The form of `singular`/`plural` this language uses for `count`.
    public func text(_ singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                displaySafeTranslation(within { String(cString: dngettext(Catalogs.domain, one, many, UInt(max(0, count)))) })
            }
        }
    }

    /// The locale's own name for its messages ("de_DE.UTF-8"), also when it was made from the
    /// environment (glibc's `_NL_LOCALE_NAME(LC_MESSAGES)`).
    public var resolvedName: String {
        name.isEmpty ? object.messagesName : name
    }

    /// The locale's word for the hours before noon and after ("AM", "PM"); nil where the locale
    /// has none (it uses a 24-hour clock).
    public var dayPeriods: (am: String, pm: String)? {
        let am = info(nl_item(AM_STR))
        let pm = info(nl_item(PM_STR))
        return am.isEmpty || pm.isEmpty ? nil : (am, pm)
    }

    /// Where the locale's 12-hour time format (`T_FMT_AMPM`) puts the AM/PM word: before the
    /// hour or after the time, and what stands between them ("%p%I時" in Japanese: before,
    /// nothing; "%I:%M:%S %p": after, a space).
    public var dayPeriodPlacement: (first: Bool, separator: String) {
        let format = info(nl_item(T_FMT_AMPM))
        guard let period = format.firstRange(of: "%p") ?? format.firstRange(of: "%P"),
              let hour = format.firstRange(of: "%I") ?? format.firstRange(of: "%l")
        else { return (false, " ") }
        if period.lowerBound < hour.lowerBound {
            return (true, String(format[period.upperBound..<hour.lowerBound]).isEmpty ? "" : " ")
        }
        // After the time: what stands before %p, if it is only spacing.
        let before = format[..<period.lowerBound]
        return (false, before.last == " " ? " " : "")
    }

    /// Whether the locale's time format writes a 12-hour clock (an AM/PM field in `T_FMT`).
    /// Read once: a locale object never changes, and the clock of every session that did not
    /// choose one asks it.
    public var prefersTwelveHour: Bool { object.prefersTwelveHour }

    /// Whether the locale's language is written right to left (its messages' direction).
    public var isRightToLeft: Bool {
        let language = String(resolvedName.prefix { $0.isLetter })
        return ["ar", "fa", "he", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"].contains(language)
    }

    /// `date` written with the strftime `format` in this locale's words ("Sat 28 Mar" for
    /// "%a %-d %b" in English, "Sa 28 Mär" in German).
    public func written(_ date: CalendarDate, format: String) -> String {
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_wday = Int32(date.weekday)
        parts.tm_hour = 12
        var buffer = [CChar](repeating: 0, count: 128)
        let count = strftime_l(&buffer, buffer.count, format, &parts, handle)
        guard count > 0 else { return date.isoText }
        return displaySafeTranslation(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private func info(_ item: nl_item) -> String {
        nl_langinfo_l(item, handle).map { String(cString: $0) } ?? ""
    }

    /// Runs `body` with this locale as the thread's, then puts the thread's back.
    private func within<T>(_ body: () -> T) -> T {
        let previous = uselocale(handle)
        defer { uselocale(previous) }
        return body()
    }
}

/// A glibc locale object (`newlocale`), freed when the last `Language` using it goes.
private final class LocaleObject: @unchecked Sendable {
    let handle: locale_t
    let prefersTwelveHour: Bool

    /// The name of the locale its messages come from (glibc's `_NL_LOCALE_NAME(LC_MESSAGES)`).
    var messagesName: String {
        nl_langinfo_l(nl_item(LC_MESSAGES) << 16 | 0xFFFF, handle).map { String(cString: $0) } ?? ""
    }

    /// Whether what glibc says of it (AM/PM words, formats) is UTF-8.
    var drawsInUTF8: Bool { SystemLocales.drawsInUTF8(handle) }

    /// The categories a session's text depends on.
    private static let categories = LC_MESSAGES_MASK | LC_TIME_MASK | LC_CTYPE_MASK

    init?(named name: String) {
        guard let handle = newlocale(Self.categories, name, nil) else { return nil }
        self.handle = handle
        prefersTwelveHour = Self.hasTwelveHourField(nl_langinfo_l(nl_item(T_FMT), handle))
    }

    deinit { freelocale(handle) }

    /// The object for the system's locale `name`, made the first time and kept among the most
    /// recent few; nil when `newlocale` cannot make it (which is not kept).
    static func named(_ name: String) -> LocaleObject? {
        made.value(for: name) { LocaleObject(named: name) }
    }

    /// The objects made so far by name; one that goes is freed once no `Language` uses it.
    private static let made = RecentValues<String, LocaleObject>()

    /// Whether `format` holds `%p`, `%P`, `%r`, `%I` or `%l` (a '%' followed by one of those
    /// letters, wherever it stands, as a substring search finds them), read as bytes.
    private static func hasTwelveHourField(_ format: UnsafePointer<CChar>?) -> Bool {
        guard var byte = format else { return false }
        while byte.pointee != 0 {
            if byte.pointee == CChar(UInt8(ascii: "%")) {
                switch UInt8(bitPattern: byte[1]) {
                case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "r"), UInt8(ascii: "I"), UInt8(ascii: "l"): return true
                default: break
                }
            }
            byte += 1
        }
        return false
    }
}
