import Testing
@testable import TimePickerCore

/// A whole range written on one line, read as the two columns read typed times.
@Suite("Typed ranges: 9-17:30, 9am to 5:30pm, 22:00-06:00, 930-1100")
struct TypedRangeTests {
    static func state(_ options: [String: OptionValue] = ["step": .uint32(30)]) throws -> PickerState {
        PickerModel(options: try PickerOptions(validating: options, defaultClock: .twentyFourHour)).state
    }

    /// The range `typed` selects, as HH:MM text, with whether it was exact.
    static func read(_ typed: String, _ state: PickerState, words: [String] = ["to"]) -> (String, Bool)? {
        let reading = TypedRange(typed: typed, state: state, words: words)
        guard let start = reading.startIndex, let end = reading.endIndex else { return nil }
        let grid = state.options.grid
        return ("\(grid[start].clockText)-\(grid[end].clockText)", reading.isExact)
    }

    @Test("The ways people write a workday all read 09:00 to 17:30, exactly")
    func workday() throws {
        let state = try Self.state()
        for typed in ["9-17:30", "9am to 5:30pm", "9 - 5:30", "0900-1730", "930-1100", "9:00 – 17:30", "9~17:30", "9 AM to 5:30 PM", "9 17:30"] {
            let expected = typed == "930-1100" ? "09:30-11:00" : "09:00-17:30"
            #expect(Self.read(typed, state)?.0 == expected, "\(typed)")
            #expect(Self.read(typed, state)?.1 == true, "\(typed)")
        }
    }

    @Test("Overnight, 22:00-06:00 ends the next morning; without overnight the end cannot be before the start")
    func overnight() throws {
        let night = try Self.state(["step": .uint32(30), "overnight": .boolean(true)])
        let reading = TypedRange(typed: "22:00-06:00", state: night, words: [])
        let end = try #require(reading.endIndex)
        #expect(night.options.grid[end].isNextDay && night.options.grid[end].clockText == "06:00")
        let day = try Self.state()
        guard case .end(.beforeEarliest)? = TypedRange(typed: "22:00-06:00", state: day, words: []).failure else {
            Issue.record("22:00-06:00 on a day: \(TypedRange(typed: "22:00-06:00", state: day, words: []))")
            return
        }
    }

    @Test("A time between slots goes to the nearest and says so; a line with no range, or no time, says which")
    func guessesAndFailures() throws {
        let state = try Self.state()
        let guessed = TypedRange(typed: "9:10-17:30", state: state, words: [])
        #expect(guessed.startIndex != nil && !guessed.isExact && guessed.notes.count == 1)
        #expect(TypedRange(typed: "abc", state: state, words: ["to"]).failure == .notARange("abc"))
        #expect(TypedRange(typed: "tomorrow", state: state, words: ["to"]).failure == .notARange("tomorrow"))
        #expect(TypedRange(typed: "9", state: state, words: ["to"]).failure == .notARange("9"))
        #expect(TypedRange(typed: "9-", state: state, words: ["to"]).failure == .notARange("9-"))
        guard case .start(.notATime)? = TypedRange(typed: "25-26", state: state, words: []).failure else {
            Issue.record("25-26 read as \(TypedRange(typed: "25-26", state: state, words: []))")
            return
        }
    }

    @Test("A start written the 24-hour way: the end's bare hour is read as written where the column has it, else as its later time with a note, never taken unsaid")
    func twentyFourHourStart() throws {
        let day = try Self.state()
        let reading = TypedRange(typed: "17:30-9", state: day, words: [])
        let end = try #require(reading.endIndex)
        #expect(day.options.grid[end].clockText == "21:00")
        #expect(!reading.isExact, "17:30-9 taken as 17:30-21:00 without asking")
        #expect(reading.notes == [.laterReading("9", day.options.grid[end])])
        #expect(Self.read("09:00-5", day)?.0 == "09:00-17:00" && Self.read("09:00-5", day)?.1 == false)
        // Written with a mark, or on the 24-hour clock, it means one time: nothing to say.
        #expect(Self.read("17:30-9pm", day)?.1 == true && Self.read("17:30-21", day)?.1 == true)
        // A person writing 12-hour times means the afternoon, as a calendar reads it.
        #expect(Self.read("9-5", day)?.0 == "09:00-17:00" && Self.read("9-5", day)?.1 == true)

        let night = try Self.state(["step": .uint32(30), "overnight": .boolean(true)])
        let overnight = TypedRange(typed: "17:30-9", state: night, words: [])
        let morning = try #require(overnight.endIndex)
        #expect(night.options.grid[morning].isNextDay && night.options.grid[morning].clockText == "09:00", "\(overnight)")
        #expect(overnight.isExact)
        // Without that evidence, overnight too: 22-6 ends the next morning, 9-5 the same day.
        #expect(Self.read("9-5", night)?.0 == "09:00-17:00")
    }

    @Test("The person's language's word between two times: 9 bis 17:30, 9 à 17 h… as it is translated")
    func words() throws {
        let state = try Self.state()
        #expect(Self.read("9 bis 17:30", state, words: ["bis", "to"])?.0 == "09:00-17:30")
        #expect(Self.read("9 から 17:30", state, words: ["から"])?.0 == "09:00-17:30")
        #expect(Self.read("9 до 17:30", state, words: ["до"])?.0 == "09:00-17:30")
    }
}
