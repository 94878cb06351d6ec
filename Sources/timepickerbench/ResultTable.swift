/// One line of the table: what was measured, the figure, the goal, and whether it was met.
struct ResultRow {
    /// Whether the figure met its goal.
    enum Verdict {
        case met, missed
        /// A figure without a goal of its own.
        case reported

        init(_ met: Bool) { self = met ? .met : .missed }

        var text: String {
            switch self {
            case .met: "met"
            case .missed: "**missed**"
            case .reported: "—"
            }
        }
    }

    let measure: String
    let value: String
    let goal: String
    let verdict: Verdict

    init(_ measure: String, _ value: String, goal: String = "—", _ verdict: Verdict = .reported) {
        self.measure = measure
        self.value = value
        self.goal = goal
        self.verdict = verdict
    }
}

/// The rows as a Markdown table, ready to paste into docs/benchmark.md.
func markdownTable(_ rows: [ResultRow]) -> String {
    var lines = ["| Measure | Value | Goal | Result |", "| --- | --- | --- | --- |"]
    for row in rows {
        let cells = [row.measure, row.value, row.goal, row.verdict.text].map { $0.replacingPipes() }
        lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
}

extension String {
    fileprivate func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
