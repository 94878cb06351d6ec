import TestHarness

/// All the terminal's output as text, for output that has no frames (a shell's, a client's stderr).
extension PseudoTerminal {
    /// Everything written to the terminal so far, escape sequences removed.
    var allText: String { plainText(String(decoding: rawOutput, as: UTF8.self)) }

    /// Waits until everything written so far contains `text` (for a shell's output, which has
    /// no frames).
    func waitForText(_ text: String, seconds: Double = 10) throws {
        do {
            try waitUntil("the terminal to show '\(text)'", seconds: seconds) { allText.contains(text) }
        } catch {
            throw HarnessError("\(error); the terminal showed:\n\(allText.suffix(2000))")
        }
    }
}
