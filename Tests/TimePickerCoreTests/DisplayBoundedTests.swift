import Testing
import TimePickerCore

/// The one bound on text someone else chose: Unicode scalars, not Characters.
@Suite("displayBounded: names, titles and reasons bounded in Unicode scalars")
struct DisplayBoundedTests {
    @Test("Text within the bound is only made display-safe")
    func within() {
        #expect(displayBounded("Firefox", maxScalars: 64) == "Firefox")
        #expect(displayBounded("Evil\u{1B}[2J", maxScalars: 64) == "Evil\u{FFFD}[2J")
        #expect(displayBounded(String(repeating: "x", count: 64), maxScalars: 64) == String(repeating: "x", count: 64))
    }

    @Test("Longer text is cut between Characters, an ellipsis the last of at most N scalars")
    func between() {
        let accented = "e\u{301}"
        let cut = displayBounded(String(repeating: accented, count: 40), maxScalars: 64)
        // Each is two scalars (e and a combining acute): 31 whole ones and the ellipsis, the
        // 32nd, which the bound split, left out.
        #expect(cut == String(repeating: accented, count: 31) + "…")
        #expect(cut.unicodeScalars.count <= 64)
        #expect(displayBounded(String(repeating: "ab", count: 40), maxScalars: 10) == "abababab" + "a…")
    }

    @Test("One Character of 30,001 scalars is cut inside, keeping its base, at the bound")
    func oneHugeCharacter() {
        let name = "F" + String(repeating: "\u{301}", count: 30_000)
        #expect(name.count == 1)
        let cut = displayBounded(name, maxScalars: 64)
        #expect(cut.unicodeScalars.count == 64)
        #expect(cut.unicodeScalars.first == "F" && cut.unicodeScalars.last == "…")
    }
}
