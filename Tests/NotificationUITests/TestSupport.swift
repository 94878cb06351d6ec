@testable import NotificationUI
import TimePickerCore

/// The tests drive models; front ends see the state their session hands them.
func pickerEvents(forAction key: String, in model: PickerModel) -> [PickerEvent] {
    pickerEvents(forAction: key, in: model.state)
}

extension NotificationContent {
    /// The notification for `model`, its list menu narrowed to `menuHour`, `now` milliseconds
    /// on the monotonic clock (for the countdown).
    static func render(
        _ model: PickerModel, layout: NotificationLayout, bodyMarkup: Bool, menuHour: MenuHour? = nil, now: Int = 0
    ) -> NotificationContent {
        render(model, profile: .generic(layout), bodyMarkup: bodyMarkup, menuHour: menuHour, now: now)
    }

    /// The notification for `model` on a server of `profile`.
    static func render(
        _ model: PickerModel, profile: NotificationServerProfile, bodyMarkup: Bool = false, menuHour: MenuHour? = nil, now: Int = 0
    ) -> NotificationContent {
        render(NotificationView(model.state, menuHour: menuHour), profile: profile, bodyMarkup: bodyMarkup, now: now)
    }
}

/// Berlin's 2026 rules as the zone database has them: CET (+01:00) until 2026-03-29 01:00Z
/// (02:00 becomes 03:00), CEST (+02:00) until 2026-10-25 01:00Z (03:00 becomes 02:00), CET after.
let berlin2026 = ZoneRules(
    name: "Europe/Berlin", initial: ZoneOffset(seconds: 3600, abbreviation: "CET"),
    changes: [
        ZoneChange(instant: 1_774_746_000, offset: ZoneOffset(seconds: 7200, abbreviation: "CEST")),
        ZoneChange(instant: 1_792_890_000, offset: ZoneOffset(seconds: 3600, abbreviation: "CET")),
    ])
