import TerminalUI
@testable import TimePickerClient
import Testing

/// How `timepickerctl --help` wraps a translation: by display width, at spaces and between
/// wide characters, never where a reader would stumble.
@Suite("Help text wrapping")
struct HelpLayoutTests {
    /// `text` wrapped at `width`, checked never to exceed it.
    private func wrap(_ text: String, _ width: Int) -> [String] {
        let lines = HelpLayout.wrapped(text, width: width)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        return lines
    }

    @Test("Words fill lines up to the width; nothing is lost")
    func words() {
        let lines = wrap("the quick brown fox jumps over the lazy dog", 16)
        #expect(lines == ["the quick brown", "fox jumps over", "the lazy dog"])
        #expect(wrap("", 10) == [""])
        #expect(wrap("abcdefghijklmnopqrstuvwxyz", 10) == ["abcdefghij", "klmnopqrst", "uvwxyz"])
    }

    @Test("Japanese breaks between characters, two columns each, never before closing punctuation or small kana")
    func japanese() {
        let lines = wrap("ピッカーを表示します。サービスに任せる。", 10)
        #expect(lines.joined() == "ピッカーを表示します。サービスに任せる。")
        for line in lines.dropFirst() {
            #expect(!["。", "、", "ッ", "ー"].contains(line.first), "\(lines)")
        }
        // An opening bracket stays with what it opens.
        for line in wrap("あいうえおかき「now」なら", 14) { #expect(line.last != "「", "\(line)") }
    }

    @Test("A number stays with its unit or the next number; French punctuation after a space stays with its word")
    func keptTogether() {
        #expect(wrap("timed out after 30 s", 18) == ["timed out after", "30 s"])
        #expect(wrap("the range 09:00 17:00", 16) == ["the range", "09:00 17:00"])
        #expect(wrap("vouliez-vous dire --title ?", 25) == ["vouliez-vous dire", "--title ?"])
        #expect(wrap("écrivez « now » ici", 12) == ["écrivez", "« now » ici"])
        #expect(wrap("30 秒でタイムアウト", 6).first == "30 秒")
    }

    @Test("An isolated run (a quoted message in right-to-left text) is never broken")
    func isolates() {
        let run = "\u{2068}timepickerctl: abgebrochen\u{2069}"
        let lines = wrap("مثل " + run + " أو", 30)
        #expect(lines.contains { $0.contains(run) }, "\(lines)")
    }
}
