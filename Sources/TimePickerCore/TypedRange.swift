/// A whole range as a person writes it on one line (`9-17:30`, `9am to 5:30pm`, `22:00-06:00`,
/// `930-1100`), for a front end with a text field (a notification's inline reply): the start
/// read as the Start column reads a typed time, then the end as the End column reads one after
/// that start (`TypedReading`, one reading for every interface), so `9-5` is 09:00 to 17:00 and,
/// overnight, `22-6` ends the next morning. A start written the 24-hour way (`17:30`) shows how
/// the person writes: the end's `9` is then 09:00 where the column has it, else 21:00 with a
/// note, never 21:00 unsaid.
public struct TypedRange: Sendable, Equatable {
    /// The slots (indices into the grid) it selects; nil when it cannot be read.
    public let startIndex: Int?
    public let endIndex: Int?
    /// What was not exactly as written: the start's note, then the end's; empty when both are.
    public let notes: [TypedNote]
    /// Why no range was read; nil when one was.
    public let failure: Failure?

    /// Why a line is no range.
    public enum Failure: Sendable, Equatable {
        /// Not two times with a separator between them (`abc`, `9`, `9-`).
        case notARange(String)
        /// The start or the end cannot be taken: the note says why (`25` is no time; an end
        /// before the start).
        case start(TypedNote)
        case end(TypedNote)
    }

    /// Whether the range is exactly what was written, so that it can be taken without asking.
    public var isExact: Bool { failure == nil && notes.isEmpty }

    /// The separators every language shares between two times: dashes, tildes, two dots.
    public static let symbolSeparators = ["–", "—", "-", "~", "〜", "～", "..", "…"]

    /// Reads `typed` for `state`'s grid and limits; `words` are the separators the person's
    /// language writes between two times as words ("to", "bis", "à"), tried before the symbols
    /// and before a bare space.
    public init(typed: String, state: PickerState, words: [String]) {
        guard let (startText, endText) = Self.split(typed.lowercased(), words: words.map { $0.lowercased() }) else {
            self.init(start: nil, end: nil, notes: [], failure: .notARange(typed))
            return
        }
        let grid = state.options.grid
        let start = TypedReading(typed: startText, grid: grid, indices: state.validStartIndices)
        guard let startIndex = start.index else {
            self.init(start: nil, end: nil, notes: [], failure: .start(start.note ?? .notATime(startText)))
            return
        }
        let end = TypedReading(
            typed: endText, grid: grid, indices: state.validEndIndices(forStart: startIndex),
            twentyFourHourWriter: TypedTime.isTwentyFourHour(startText))
        guard let endIndex = end.index else {
            self.init(start: startIndex, end: nil, notes: [], failure: .end(end.note ?? .notATime(endText)))
            return
        }
        self.init(start: startIndex, end: endIndex, notes: [start.note, end.note].compactMap { $0 }, failure: nil)
    }

    private init(start: Int?, end: Int?, notes: [TypedNote], failure: Failure?) {
        startIndex = start
        endIndex = end
        self.notes = notes
        self.failure = failure
    }

    /// The two times of `text` (lowercased), without their spaces: split at the first separator
    /// that leaves a time on both sides, else at the first word or symbol that leaves text on
    /// both (which then says which of them is no time: `25-26`); nil when none does.
    static func split(_ text: String, words: [String]) -> (String, String)? {
        let separators = words.filter { !$0.isEmpty }.map { " \($0) " } + symbolSeparators + [" "]
        var firstSplit: (String, String)?
        for separator in separators {
            var searchFrom = text.startIndex
            while let found = text[searchFrom...].firstRange(of: separator) {
                let start = compacted(text[..<found.lowerBound])
                let end = compacted(text[found.upperBound...])
                if TypedTime.readings(of: start) != nil, TypedTime.readings(of: end) != nil { return (start, end) }
                // Not at a bare space: "after lunch" is no range, rather than "after" no time.
                if firstSplit == nil, separator != " ", !start.isEmpty, !end.isEmpty { firstSplit = (start, end) }
                searchFrom = found.upperBound
            }
        }
        return firstSplit
    }

    /// `text` without spaces: "9 am" is "9am".
    private static func compacted(_ text: Substring) -> String {
        String(text.filter { !$0.isWhitespace })
    }
}
