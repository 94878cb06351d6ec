public import TimePickerCore

/// The words for a day the clocks change, which every user interface says the same way: the
/// two times of the hour the clocks go back told apart in words, and a typed time the clocks
/// skip or show twice (issue 39).
///
/// Why "before/after the clocks go back" and not "summer time/winter time" or the zone's
/// abbreviation: speech reads "(CEST)" as "sest"; "summer" and "winter" are wrong south of
/// the equator in the people's own words for half the year and wrong for a zone whose change
/// is not daylight saving at all (Ireland's standard time is its summer one); "first" and
/// "second" are true but do not say why there are two. The clocks going back is what makes the
/// hour repeat, everywhere, and it is a phrase every language's clock settings already use.
extension PickerWords {
    /// "02:30, before the clocks go back" or "02:30, after the clocks go back" for a slot of the
    /// hour the clocks go back (its next-day mark kept); the plain label for any other.
    public func timeRound(_ grid: SlotGrid, _ index: Int, _ clock: ClockStyle) -> String {
        let time = label(grid[index], clock)
        guard let (isFirst, _) = grid.repetition(at: index) else { return time }
        return timeRound(time, isFirst: isFirst)
    }

    /// `time` (a label) said as the first or the second time round of the hour the clocks go back.
    public func timeRound(_ time: String, isFirst: Bool) -> String {
        // TRANSLATORS: %s is a time the clocks show twice on the night they go back, said
        // instead of the zone's abbreviation (which speech cannot read); this is the first.
        // Take the words your desktop's date and time settings use for the clocks going back.
        isFirst ? filled(tr("%s, before the clocks go back"), time)
            // TRANSLATORS: %s is the same time the second time round, after the clocks went back.
            : filled(tr("%s, after the clocks go back"), time)
    }

    /// The notes of a typed time on a day the clocks change (`note`).
    func clockNote(_ note: TypedNote, _ clock: ClockStyle) -> String {
        switch note {
        case .skipped(let time, let nearest):
            // TRANSLATORS: %1$s is a typed time the clocks skip that day (they go forward over
            // it), %2$s the nearest time that exists, which was selected instead.
            return filled(tr("%1$s does not exist that day (the clocks go forward): %2$s"), label(time, clock), label(nearest, clock))
        case .repeated(let time, let isFirst, let other):
            let taken = timeRound(label(time, clock), isFirst: isFirst)
            let otherTime = timeRound(label(other, clock), isFirst: !isFirst)
            return isFirst
                // TRANSLATORS: %1$s is the typed time that was selected, the first of the two on
                // the night the clocks go back ("02:30, before the clocks go back"); %2$s the
                // other ("02:30, after the clocks go back"), further down the list.
                ? filled(tr("%1$s taken; %2$s is further down"), taken, otherTime)
                // TRANSLATORS: as above, but the second was taken and the other is further up.
                : filled(tr("%1$s taken; %2$s is further up"), taken, otherTime)
        default:
            return ""
        }
    }

    /// `message` in the session's language (named `tr` for scripts/extract-messages.sh).
    private func tr(_ message: String) -> String { language.text(message) }
}
