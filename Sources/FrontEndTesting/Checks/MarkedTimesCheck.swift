internal import TimePickerCore

/// Times a person can only tell apart by their marks: the next day's, and the two of the hour
/// the clocks go back.
extension ConformanceRun {
    /// Shows a `picker` whose selection has marked times, then the person moves its start
    /// later three times: each state, with its marks, is what the person sees. The overnight
    /// picker's end stays on the next day; the clocks-back picker's selection goes from the
    /// first 02:00–02:30 through the second.
    func checkMarkedTimes(of picker: ConformancePicker) {
        guard let session = service.show(1, picker), let first = service.state(of: session) else { return }
        expect(Self.hasMarks(first), "the suite's \(picker) picker shows no marked time: \(SeenPicker(first))")
        guard waitUntilSeen(session) else { return }
        for _ in 1...3 {
            guard let before = service.state(of: session) else { return }
            harness.personDoes(.moveLater, to: session)
            let moved = waitFor("the person's move in \(session) to be drawn with its marks",
                                detail: { "the service holds \(service.state(of: session).map { SeenPicker($0).description } ?? "nothing"); the person saw \(seenText(session))" }) {
                guard let state = service.state(of: session), state != before else { return false }
                return harness.seenPicker(session) == SeenPicker(state)
            }
            guard moved else { return }
        }
    }

    /// Whether a state shows a next-day or a zone mark.
    private static func hasMarks(_ state: PickerState) -> Bool {
        let seen = SeenPicker(state)
        return [seen.start, seen.end].contains { $0.isNextDay || $0.zone != nil }
    }
}
