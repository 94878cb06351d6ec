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
        #expect(words.label(WallClockTime(minutes: 540)!, .twentyFourHour).contains("09:00"))
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
