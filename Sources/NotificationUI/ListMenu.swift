internal import Localization
internal import TimePickerCore

/// The list layout's menu, for servers that show actions only as a menu (dunst, mako), one
/// column at a time: the start step, then the end step.
///
/// - The menu may list its entries in any order (dunst keeps a notification's actions in a hash
///   table), so every label sorts in time order as text, both byte by byte and by a locale's
///   collation: the time leads, as 24-hour `HH:MM`; in 12-hour style the 12-hour reading
///   follows it (`13:00 · 1:00 PM`). Entries that are not times sort before or after them.
/// - A column with more than `maximumSlots` slots (step 15 gives 96) is offered hour by hour:
///   first its hours, then the slots of the hour chosen (`NotificationView.menuHour`), so no
///   menu holds more than about 60 entries. An hour with a single slot is offered as the slot.
/// - The end step's first entry goes back to the start step; the ends offered respect
///   `min_duration`, and each says how long the range would be (as calendars' end-time menus do).
struct ListMenu {
    /// The most slots one menu offers; a column with more is offered hour by hour.
    static let maximumSlots = 48

    /// What the menu offers for the focused column.
    enum Page: Equatable {
        /// Every slot the column can take.
        case slots
        /// The hours the column's slots fall in.
        case hours
        /// The slots of one hour.
        case hour(Int)
    }

    let page: Page
    let actions: [NotificationAction]
    /// What the body says about this step.
    let bodyLines: [String]

    init(_ view: NotificationView, text: NotificationText) {
        let state = view.state
        let clock = state.options.clock
        let column = state.focus
        let times = column == .start ? state.validStarts : state.validEnds
        let page = Self.page(times: times, menuHour: view.menuHour)
        let name = text.name(column)
        let words = text.words

        func slot(_ time: Slot) -> NotificationAction {
            switch column {
            case .start:
                NotificationAction(.start(time), label: name + " " + Self.sortableLabel(time, clock, words))
            case .end:
                NotificationAction(
                    .end(time), label: text.endEntry(Self.sortableLabel(time, clock, words), minutes: state.keying(.end, .set(.end, time)).durationMinutes))
            }
        }

        var actions: [NotificationAction] = []
        if column == .end {
            // "C" sorts before "End …": first however the menu orders its entries.
            actions.append(NotificationAction(.changeStart, label: text.changeStart))
        }
        switch page {
        case .slots:
            actions += times.map(slot)
        case .hours:
            for group in Self.hourGroups(times) {
                guard let first = group.first, let last = group.last, group.count > 1 else {
                    actions += group.map(slot)
                    continue
                }
                actions.append(NotificationAction(
                    .hour(column, first.minutes / 60), label: name + " " + Self.sortableRange(first, last, clock, words) + "…"))
            }
        case .hour(let hour):
            actions += times.filter { $0.minutes / 60 == hour }.map(slot)
            // A letter after the space sorts after every "Start 09:…": last.
            actions.append(NotificationAction(.hours(column), label: text.anotherHour(column)))
        }

        var lines: [String] = []
        if column == .end { lines.append(text.line(.start, words.label(state.start, clock))) }
        // dunst marks a notification with actions "(A)" and no more: say where they are.
        lines.append(text.chooseInMenu(column, byHour: page == .hours))
        if state.options.minDuration > 0 { lines.append(text.lastsAtLeast(state.options.minDuration)) }
        self.page = page
        self.actions = actions
        bodyLines = lines
    }

    /// The page for a column that can take `times`, with the person's `menuHour` if any: the
    /// hour's slots only while the column needs paging and that hour holds more than one of them.
    static func page(times: [Slot], menuHour: Int?) -> Page {
        guard times.count > maximumSlots else { return .slots }
        guard let menuHour, times.lazy.filter({ $0.minutes / 60 == menuHour }).count > 1 else { return .hours }
        return .hour(menuHour)
    }

    /// `times` (in order) grouped by hour, in order.
    static func hourGroups(_ times: [Slot]) -> [[Slot]] {
        var groups: [[Slot]] = []
        for time in times {
            if let last = groups.last?.last, last.minutes / 60 == time.minutes / 60 {
                groups[groups.count - 1].append(time)
            } else {
                groups.append([time])
            }
        }
        return groups
    }

    /// A time as a label that sorts in time order as text: `09:00`; in 12-hour style the
    /// 24-hour time leads and the reading the person asked for follows: `13:00 · 1:00 PM`,
    /// `24:00 · midnight`. (`9:00 AM` alone sorts after `10:00 PM`, and `1:00 PM` before
    /// `2:00 AM`: no 12-hour form sorts by itself.)
    static func sortableLabel(_ time: Slot, _ clock: ClockStyle, _ words: PickerWords) -> String {
        switch clock {
        case .twentyFourHour: time.busText
        case .twelveHour: time.busText + " · " + words.label(time, .twelveHour)
        }
    }

    /// A range of times within one hour, sortable as `sortableLabel`: `09:00–09:55`,
    /// `13:00–13:55 · 1:00–1:55 PM`.
    static func sortableRange(_ first: Slot, _ last: Slot, _ clock: ClockStyle, _ words: PickerWords) -> String {
        let leading = first.busText + "–" + last.busText
        guard clock == .twelveHour else { return leading }
        return leading + " · " + words.range(first, last, .twelveHour)
    }
}
