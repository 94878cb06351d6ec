internal import Localization
internal import TimePickerCore

/// The list layout's menu, for servers that show actions only as a menu (dunst, mako), one
/// column at a time: the start step, then the end step.
///
/// - The menu may list its entries in any order (dunst keeps a notification's actions in a hash
///   table), so every label sorts in time order as text, both byte by byte and by a locale's
///   collation: the time leads in a sortable form (`SortableTimes`: 24-hour `HH:MM`, the next
///   day's hours counting on past 24, the letter of the time round on an hour the clock shows
///   twice), and the reading the person knows follows it when it says more (`13:00 · 1:00 PM`,
///   `30:00 · 06:00 (next day)`). Entries that are not times sort before or after them.
/// - A column with more than `maximumSlots` slots (step 15 gives 96) is offered hour by hour:
///   first its hours, then the slots of the hour chosen (`NotificationView.menuHour`), so no
///   menu holds more than about 60 entries. An hour with a single slot is offered as the slot;
///   an hour the clock shows twice is two hours here, one per time round.
/// - The end step's first entry goes back to the start step; the ends offered respect
///   `min_duration`, and each says how long the range would be in real elapsed time (as
///   calendars' end-time menus do).
/// - With a date, the body says the day first.
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
        case hour(MenuHour)
    }

    let page: Page
    let actions: [NotificationAction]
    /// What the body says about this step.
    let bodyLines: [String]

    init(_ view: NotificationView, text: NotificationText) {
        let state = view.state
        let grid = state.options.grid
        let column = state.focus
        let indices = Array(column == .start ? state.validStartIndices : state.validEndIndices)
        let times = SortableTimes(state.options, text: text)
        let page = Self.page(indices, times, menuHour: view.menuHour)
        let name = text.name(column)

        func slot(_ index: Int) -> NotificationAction {
            let time = grid[index]
            switch column {
            case .start:
                return NotificationAction(.start(time), label: name + " " + times.label(at: index))
            case .end:
                let minutes = state.keying(.end, .set(.end, time)).durationMinutes
                return NotificationAction(.end(time), label: text.endEntry(times.label(at: index), minutes: minutes))
            }
        }

        var actions: [NotificationAction] = []
        if column == .end {
            // "C" sorts before "End …": first however the menu orders its entries.
            actions.append(NotificationAction(.changeStart, label: text.changeStart))
        }
        switch page {
        case .slots:
            actions += indices.map(slot)
        case .hours:
            for group in Self.hourGroups(indices, times) {
                guard let first = group.first, let last = group.last, group.count > 1 else {
                    actions += group.map(slot)
                    continue
                }
                actions.append(NotificationAction(.hour(column, times.hour(at: first)), label: name + " " + times.range(from: first, to: last) + "…"))
            }
        case .hour(let hour):
            actions += indices.filter { times.hour(at: $0) == hour }.map(slot)
            // A letter after the space sorts after every "Start 09:…": last.
            actions.append(NotificationAction(.hours(column), label: text.anotherHour(column)))
        }

        var lines: [String] = []
        if let date = grid.date { lines.append(text.words.day(date)) }
        if column == .end { lines.append(text.line(.start, text.words.label(grid, state.startIndex, state.options.clock))) }
        // dunst marks a notification with actions "(A)" and no more: say where they are.
        lines.append(text.chooseInMenu(column, byHour: page == .hours))
        if state.options.minDuration > 0 { lines.append(text.lastsAtLeast(state.options.minDuration)) }
        self.page = page
        self.actions = actions
        bodyLines = lines
    }

    /// The page for a column that can take the slots at `indices`, with the person's `menuHour`
    /// if any: the hour's slots only while the column needs paging and that hour holds more than
    /// one of them.
    static func page(_ indices: [Int], _ times: SortableTimes, menuHour: MenuHour?) -> Page {
        guard indices.count > maximumSlots else { return .slots }
        guard let menuHour, indices.lazy.filter({ times.hour(at: $0) == menuHour }).count > 1 else { return .hours }
        return .hour(menuHour)
    }

    /// `indices` (in order) grouped by their menu hour, in order.
    static func hourGroups(_ indices: [Int], _ times: SortableTimes) -> [[Int]] {
        var groups: [[Int]] = []
        for index in indices {
            if let last = groups.last?.last, times.hour(at: last) == times.hour(at: index) {
                groups[groups.count - 1].append(index)
            } else {
                groups.append([index])
            }
        }
        return groups
    }
}
