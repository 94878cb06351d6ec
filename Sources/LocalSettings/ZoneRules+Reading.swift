import TimePickerCore

extension ZoneRules {
    /// The last year whose changes a rule (a TZif file's footer, a POSIX `TZ`) is spelled out
    /// for: ranges are picked in the present, and a year adds two changes at most.
    static let lastRuleYear = 2100
    /// The first year a rule is spelled out from: a `TZ` rule's, a footer's when the table
    /// ends before it (or ends at a time a damaged file puts billions of years back).
    static let firstRuleYear = 1900

    /// The rules a TZif file gives, named `name`: its transitions, then its footer's rule up to
    /// the end of `lastRuleYear`, so that a slim file (a few transitions and the rule) gives
    /// the same offsets as a fat one.
    init(name: String, file: TZifFile) {
        guard let lastTransition = file.transitionTimes.last else {
            // No table: the footer, when there is one, says what holds at every time.
            if let footer = file.footer {
                self.init(name: name, rule: footer)
            } else {
                self.init(name: name, fixed: file.types[0])
            }
            return
        }
        var changes = ChangeList(initial: file.types[0])
        for (time, type) in zip(file.transitionTimes, file.transitionTypes) {
            changes.append(ZoneChange(instant: time, offset: file.types[type]))
        }
        let firstYear = max(CivilCalendar.year(ofInstant: lastTransition), Self.firstRuleYear)
        let ruled = file.footer?.changes(fromYear: firstYear, throughYear: Self.lastRuleYear) ?? []
        for change in ruled where change.instant > lastTransition { changes.append(change) }
        self.init(name: name, initial: changes.initial, changes: changes.changes)
    }

    /// The rules a POSIX TZ rule gives, named `name`, from `firstRuleYear` to `lastRuleYear`.
    init(name: String, rule: PosixZoneRule) {
        // What holds before the first year is what the year before it ends with.
        let ruled = rule.changes(fromYear: Self.firstRuleYear - 1, throughYear: Self.lastRuleYear)
        let firstInstant = CivilCalendar.days(year: Self.firstRuleYear, month: 1, day: 1) * CivilCalendar.secondsPerDay
        var changes = ChangeList(initial: ruled.last { $0.instant < firstInstant }?.offset ?? rule.standard)
        for change in ruled where change.instant >= firstInstant { changes.append(change) }
        self.init(name: name, initial: changes.initial, changes: changes.changes)
    }
}

/// Changes of offset in order, leaving out those that change nothing (a table's change of
/// type with the same offset and abbreviation, a rule's first change to what already held).
private struct ChangeList {
    let initial: ZoneOffset
    private(set) var changes: [ZoneChange] = []

    init(initial: ZoneOffset) { self.initial = initial }

    mutating func append(_ change: ZoneChange) {
        if change.offset != (changes.last?.offset ?? initial) { changes.append(change) }
    }
}
