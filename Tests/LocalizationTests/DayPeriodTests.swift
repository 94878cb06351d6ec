import Localization
import Testing
import TimePickerCore

/// 12-hour labels as each locale writes them (glibc's `AM_STR`, `PM_STR` and `T_FMT_AMPM`),
/// which languages are written right to left, and how placeholders are filled.
@Suite("Times in the locale's own words")
struct DayPeriodTests {
    @Test("The AM/PM word is the locale's, before or after the time as its format puts it", arguments: [
        ("en_US.UTF-8", "9:00 AM", "5:30 PM"),
        ("ja_JP.UTF-8", "午前9:00", "午後5:30"),
        ("zh_CN.UTF-8", "上午 9:00", "下午 5:30"),
        ("ko_KR.UTF-8", "오전 9:00", "오후 5:30"),
        ("ar_EG.UTF-8", "\u{2068}9:00 ص\u{2069}", "\u{2068}5:30 م\u{2069}"),
    ])
    func placement(locale: String, morning: String, evening: String) throws {
        let words = PickerWords(try #require(Language(named: locale)))
        #expect(words.label(WallClockTime(minutes: 540)!, .twelveHour) == morning)
        #expect(words.label(WallClockTime(minutes: 1050)!, .twelveHour) == evening)
        // The 24-hour clock is the bus's own HH:MM everywhere (isolated in right-to-left text).
        let isolated = locale.hasPrefix("ar") ? "\u{2068}09:00\u{2069}" : "09:00"
        #expect(words.label(WallClockTime(minutes: 540)!, .twentyFourHour) == isolated)
    }

    @Test("A range within one half of the day says AM or PM once, where the locale does", arguments: [
        ("en_US.UTF-8", "1:00–1:55 PM", "11:00 AM–1:00 PM"),
        ("ja_JP.UTF-8", "午後1:00–1:55", "午前11:00–午後1:00"),
        ("ar_EG.UTF-8", "\u{2068}1:00–1:55 م\u{2069}", "\u{2068}11:00 ص–1:00 م\u{2069}"),
    ])
    func ranges(locale: String, withinHour: String, acrossNoon: String) throws {
        let words = PickerWords(try #require(Language(named: locale)))
        #expect(words.range(WallClockTime(minutes: 780)!, WallClockTime(minutes: 835)!, .twelveHour) == withinHour)
        #expect(words.range(WallClockTime(minutes: 660)!, WallClockTime(minutes: 780)!, .twelveHour) == acrossNoon)
    }

    @Test("A right-to-left locale is known by its language")
    func direction() throws {
        #expect(try #require(Language(named: "ar_EG.UTF-8")).isRightToLeft)
        #expect(try #require(Language(named: "he_IL.UTF-8")).isRightToLeft)
        #expect(try !#require(Language(named: "de_DE.UTF-8")).isRightToLeft)
    }

    @Test("Placeholders: in order, numbered (a translation may reorder them), and %% a percent sign")
    func templates() {
        #expect(filled("%s – %s", "a", "b") == "a – b")
        #expect(filled("%2$s, %1$s", "a", "b") == "b, a")
        #expect(filled("100%% %s", "x") == "100% x")
        #expect(filled("%s %s", "only") == "only %s")
    }
}
