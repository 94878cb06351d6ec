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

    @Test("A unit wider than a line breaks at its space: two quoted instants keep their quotes and comma")
    func longUnitAtItsSpace() {
        let lines = wrap("iso8601, \"2026-03-28T22:00:00+01:00 2026-03-29T06:00:00+02:00\", where 24:00 is the next day's", 52)
        #expect(lines == ["iso8601,", "\"2026-03-28T22:00:00+01:00", "2026-03-29T06:00:00+02:00\", where 24:00 is the next", "day's"])
        #expect(wrap("abcdefghij klmnopqrstuvwxyz", 8) == ["abcdefgh", "ij", "klmnopqr", "stuvwxyz"])
    }

    @Test("No line of timepickerctl's help begins with punctuation that closes what the line before opened")
    func pickHelp() {
        let help = Usage.text(for: .pick)
        for line in help.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            // A quote at the start opens what follows it ("2026-…); one before punctuation or
            // nothing closes what the line before opened.
            let closingQuote = text.first == "\"" && !(text.dropFirst().first.map { $0.isLetter || $0.isNumber } ?? false)
            #expect(!closingQuote && !(text.first.map { [",", ".", ")", ";", ":"].contains($0) } ?? false), "\(line)")
        }
    }

    @Test("An isolated run (a quoted message in right-to-left text) is never broken")
    func isolates() {
        let run = "\u{2068}timepickerctl: abgebrochen\u{2069}"
        let lines = wrap("مثل " + run + " أو", 30)
        #expect(lines.contains { $0.contains(run) }, "\(lines)")
    }
}
