@testable import NotificationUI
import TimePickerCore

/// The tests drive models; front ends see the state their session hands them.
func pickerEvents(forAction key: String, in model: PickerModel) -> [PickerEvent] {
    pickerEvents(forAction: key, in: model.state)
}

extension NotificationContent {
    static func render(_ model: PickerModel, layout: NotificationLayout, bodyMarkup: Bool) -> NotificationContent {
        render(model.state, layout: layout, bodyMarkup: bodyMarkup)
    }
}
