internal import Localization
internal import TimePickerCore

/// A language's `TerminalText` with what every frame in that language measures the same way:
/// made the first time a session asks for the language (`forLocale`) and kept, so that a
/// session costs no gettext lookups, no `newlocale` and no width measuring of words it shares
/// with every other session in its language (before, each session made them all again: about
/// 20 `dgettext` calls and 140 characters measured, 40 % of the daemon's instructions per
/// session). gettext reads a catalog once per process anyway, so the words are the same.
final class TerminalWords: Sendable {
    let text: TerminalText
    /// The title of a session whose caller gave none, display-safe.
    let defaultTitle: String
    /// The column headings, the help line's forms (longest first) and "Selected: " with its
    /// space, measured.
    let headings: (start: MeasuredText, end: MeasuredText)
    let keyLines: [MeasuredText]
    /// The help line's forms with the key that gives more time (`TerminalText.extendKeyLines`).
    let extendKeyLines: [MeasuredText]
    let selectedPrefix: MeasuredText

    init(_ text: TerminalText) {
        self.text = text
        defaultTitle = displaySafe(text.words.defaultTitle)
        headings = (MeasuredText(text.start), MeasuredText(text.end))
        keyLines = text.keyLines.map(MeasuredText.init)
        extendKeyLines = text.extendKeyLines.map(MeasuredText.init)
        selectedPrefix = MeasuredText(text.selectedPrefix + " ")
    }

    /// The selection's length with its minimum ("1 h", "2 h (at least 1 h)"), measured: made
    /// once per length and minimum (a session's frame asks for it when it is first drawn, and
    /// sessions mostly share a few), the most recent few kept.
    func durationLine(_ state: PickerState) -> MeasuredText {
        durations.value(for: DurationKey(minutes: state.durationMinutes, minimum: state.options.minDuration)) {
            MeasuredText(text.durationLine(state))
        }
    }

    private struct DurationKey: Equatable, Sendable {
        let minutes: Int
        let minimum: Int
    }

    private let durations = RecentValues<DurationKey, MeasuredText>()

    /// The words for `locale` (nil: the process's own language). A locale the system does not
    /// have gets the process's language, as before, and is not kept.
    static func forLocale(_ locale: String?) -> TerminalWords {
        let words = made.value(for: locale) {
            (locale.map(Language.init(named:)) ?? Language.environment).map { TerminalWords(TerminalText($0)) }
        }
        return words ?? forLocale(nil)
    }

    /// The languages' words made so far, by the locale asked for.
    private static let made = RecentValues<String?, TerminalWords>()
}
