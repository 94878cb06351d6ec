@testable import NotificationUI
import Testing
import TimePickerCore

/// The stepper when a dialog could show the session: "Choose in a window…" in the place of the
/// least useful move on a server that shows only so many buttons, after the others elsewhere.
@Suite("Notifications: the button that opens a window")
struct HandOverLayoutTests {
    /// The stepper's notification for `model` on a server of `profile`, offering the window or not.
    static func render(_ model: PickerModel, _ profile: NotificationServerProfile, offersWindow: Bool) -> NotificationContent {
        var view = NotificationView(model.state)
        view.offersWindow = offersWindow
        return NotificationContent.render(view, profile: profile, bodyMarkup: false, now: 0)
    }

    @Test("GNOME Shell (three buttons): the window, +1 h and +30 min; −1 h gives way; the body says so")
    func gnome() throws {
        let picker = try model(["step": .uint32(30)])
        let content = Self.render(picker, ServerProfileTests.gnome, offersWindow: true)
        #expect(content.actions.map(\.key) == ["default", "window", "later-hour", "later"])
        #expect(content.actions.map(\.label) == ["Next", "Choose in a window…", "+1 h", "+30 min"])
        #expect(lines(content).contains("Or choose both times in a window."), "\(content.body)")
        let end = Self.render(inEndPhase(picker), ServerProfileTests.gnome, offersWindow: true)
        #expect(end.actions.map(\.key) == ["default", "window", "later-hour", "later"])
    }

    @Test("Plasma (four buttons): the window, then +1 h, +30 min, −30 min; a server not measured: as GNOME Shell")
    func plasmaAndUnknown() throws {
        let picker = try model(["step": .uint32(30)])
        #expect(Self.render(picker, ServerProfileTests.plasma, offersWindow: true).actions.map(\.key)
            == ["default", "window", "later-hour", "later", "earlier"])
        #expect(Self.render(picker, ServerProfileTests.unknown, offersWindow: true).actions.map(\.key)
            == ["default", "window", "later-hour", "later"])
    }

    @Test("A server that shows every button (Xfce) keeps every move, then OK, then the window; one step size keeps both moves")
    func allButtons() throws {
        let picker = try model(["step": .uint32(30)])
        #expect(Self.render(picker, ServerProfileTests.xfce, offersWindow: true).actions.map(\.key)
            == ["earlier-hour", "earlier", "later", "later-hour", "default", "window"])
        let hourly = try model(["step": .uint32(60)])
        #expect(Self.render(hourly, ServerProfileTests.gnome, offersWindow: true).actions.map(\.key)
            == ["earlier", "later", "default", "window"])
    }

    @Test("Without a window, every layout is as it was: the same notification as one rendered without the offer", arguments: ServerProfileTests.names)
    func unchangedWithout(server: String) throws {
        let profile = NotificationServerProfile.forServer(named: server)
        let picker = try model(["step": .uint32(30)])
        let without = Self.render(picker, profile, offersWindow: false)
        #expect(without == NotificationContent.render(picker, profile: profile))
        #expect(!without.actions.contains { $0.key == "window" } && !without.body.contains("window"))
    }

    @Test("The window's key is read back, and stands for no picker event (the front end hands the session over)")
    func key() throws {
        #expect(NotificationActionKey(rawValue: "window") == .window && NotificationActionKey.window.rawValue == "window")
        #expect(pickerEvents(forAction: "window", in: try model()).isEmpty)
    }

    @Test("The list layout (dunst, mako: a menu) offers no window")
    func listHasNone() throws {
        let content = Self.render(try model(), ServerProfileTests.dunst, offersWindow: true)
        #expect(!content.actions.contains { $0.key == "window" })
    }
}
