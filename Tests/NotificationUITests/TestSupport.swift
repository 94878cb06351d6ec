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
        _ model: PickerModel, layout: NotificationLayout, bodyMarkup: Bool, menuHour: Int? = nil, now: Int = 0
    ) -> NotificationContent {
        render(model, profile: .generic(layout), bodyMarkup: bodyMarkup, menuHour: menuHour, now: now)
    }

    /// The notification for `model` on a server of `profile`.
    static func render(
        _ model: PickerModel, profile: NotificationServerProfile, bodyMarkup: Bool = false, menuHour: Int? = nil, now: Int = 0
    ) -> NotificationContent {
        render(NotificationView(model.state, menuHour: menuHour), profile: profile, bodyMarkup: bodyMarkup, now: now)
    }
}
