@testable import NotificationUI
import Testing
import TimePickerCore

/// The notification picker on each server's profile: what it shows, and how many clicks a
/// person needs who does only what the notification offers.
@Suite("Notification server profiles")
struct ServerProfileTests {
    static let gnome = NotificationServerProfile.forServer(named: "gnome-shell")
    static let plasma = NotificationServerProfile.forServer(named: "Plasma")
    static let xfce = NotificationServerProfile.forServer(named: "Xfce Notify Daemon")
    static let dunst = NotificationServerProfile.forServer(named: "dunst")
    static let mako = NotificationServerProfile.forServer(named: "mako")
    static let unknown = NotificationServerProfile.forServer(named: "notification-daemon")
    /// The servers' names, as GetServerInformation gives them.
    static let names = ["gnome-shell", "Plasma", "Xfce Notify Daemon", "dunst", "mako", "notification-daemon"]

    @Test("What each measured server gets")
    func table() {
        #expect(Self.gnome.layout == .stepper && Self.gnome.maximumButtons == 3 && !Self.gnome.updatesInPlace && Self.gnome.critical)
        #expect(Self.plasma.layout == .stepper && Self.plasma.maximumButtons == 4 && Self.plasma.updatesInPlace && !Self.plasma.critical)
        #expect(Self.xfce.layout == .stepper && Self.xfce.maximumButtons == nil && Self.xfce.bodyClick == .closes)
        #expect(Self.dunst.layout == .list && Self.mako.layout == .list)
        #expect(Self.unknown == { var generic = NotificationServerProfile.generic(.stepper); generic.name = "notification-daemon"; return generic }())
        #expect(NotificationServerProfile.forServer(named: "gnome-shell", layout: .list).layout == .list)
        #expect(NotificationServerProfile.forServer(named: "dunst", layout: .stepper).layout == .stepper)
    }

    @Test("09:00–17:30 at 30-minute steps from the default selection takes at most 20 clicks on every server", arguments: names)
    func fewClicks(server: String) throws {
        let profile = NotificationServerProfile.forServer(named: server)
        let picker = try model(["step": .uint32(30)])
        let clicks = try #require(Self.fewestClicks(from: picker, to: (time("09:00"), time("17:30")), on: profile))
        #expect(clicks <= 20, "\(profile.name): \(clicks) clicks")
        if profile == Self.gnome { #expect(clicks == 18, "8 hours on, the body, 8 hours on, the body") }
    }

    @Test("Every range can be reached on every server, at 15-minute steps too", arguments: names)
    func everyRangeReachable(server: String) throws {
        let profile = NotificationServerProfile.forServer(named: server)
        let picker = try model(["step": .uint32(15), "first": .string("08:00"), "last": .string("11:00")])
        for start in picker.state.validStarts {
            for end in picker.state.validEnds where end > start {
                #expect(Self.fewestClicks(from: picker, to: (start, end), on: profile) != nil, "\(profile.name): \(start)–\(end)")
            }
        }
    }

    @Test("The stepper says where the person is and what the buttons move, in the words the server's body click allows")
    func stepperWording() throws {
        let picker = try model(["step": .uint32(30)])
        let onGnome = NotificationContent.render(picker, profile: Self.gnome)
        #expect(onGnome.actions.map(\.key) == ["default", "earlier-hour", "later-hour", "later"])
        #expect(onGnome.actions.map(\.label) == ["Next", "−1 h", "+1 h", "+30 min"])
        #expect(onGnome.body.contains("Start: 01:00  ◀") && onGnome.body.contains("End: 01:30") && onGnome.body.contains("Duration: 30 min"))
        #expect(onGnome.body.contains("The buttons move the start. Click this notification to go on to the end."), "\(onGnome.body)")

        let onPlasma = NotificationContent.render(inEndPhase(picker), profile: Self.plasma)
        #expect(onPlasma.actions.map(\.label) == ["−1 h", "−30 min", "+30 min", "+1 h", "OK"])
        #expect(onPlasma.body.contains("The buttons move the end. Click this notification to accept."), "\(onPlasma.body)")

        let onXfce = NotificationContent.render(picker, profile: Self.xfce)
        #expect(!onXfce.body.lowercased().contains("click this notification"), "a click on the body closes it there: \(onXfce.body)")
        #expect(onXfce.body.contains("Next goes on to the end."), "\(onXfce.body)")

        let unknown = NotificationContent.render(picker, profile: Self.unknown)
        #expect(unknown.body.contains("Click this notification (or Next) to go on to the end."), "\(unknown.body)")
    }

    @Test("At steps of an hour or more the stepper has one size of move")
    func hourSteps() throws {
        let content = NotificationContent.render(try model(), profile: Self.gnome)
        #expect(content.actions.map(\.label) == ["−1 h", "+1 h", "Next"], "all fit: in the order of time, the answer last")
        #expect(pickerEvents(forAction: "later", in: try model()) == [.move(by: 1)])
        let halfHours = try model(["step": .uint32(30)])
        #expect(pickerEvents(forAction: "later-hour", in: halfHours) == [.move(by: 2)])
        #expect(pickerEvents(forAction: "earlier-hour", in: halfHours) == [.move(by: -2)])
    }

    @Test("Where each step is a new notification the body says when it closes instead of counting down")
    func closesAt() throws {
        var picker = try model(["timeout": .uint32(600)])
        picker.deadline = 600_000
        let view = NotificationView(picker.state, closesAt: time("14:05"))
        let gnome = NotificationContent.render(view, profile: Self.gnome, bodyMarkup: false, now: 0)
        #expect(gnome.body.contains("Closes at 14:05"), "\(gnome.body)")
        #expect(!gnome.body.contains("Closes in"))
        let plasma = NotificationContent.render(view, profile: Self.plasma, bodyMarkup: false, now: 0)
        #expect(plasma.body.contains("Closes in 10 min"), "\(plasma.body)")
    }

    @Test("GNOME Shell's banner shows six lines (Plasma's popup scrolls): who asks rides on the duration's line there, the time limit comes before the window's hint; elsewhere who asks is last")
    func gnomeKeepsWhoAsksInView() throws {
        var options = try model(["timeout": .uint32(600), "step": .uint32(30)]).options
        options.requester = .vouched("Firefox")
        var picker = PickerModel(options: options)
        picker.deadline = 600_000
        var view = NotificationView(picker.state, closesAt: time("14:05"))
        view.offersWindow = true
        let gnome = NotificationContent.render(view, profile: Self.gnome, bodyMarkup: false, now: 0).body.split(separator: "\n")
        #expect(gnome.prefix(3) == ["Start: 01:00  ◀", "End: 01:30", "Duration: 30 min · Asked by Firefox"], "\(gnome)")
        // The instruction takes two of the six lines there: the time limit is the sixth.
        #expect(gnome.dropFirst(3).prefix(3).map { $0.hasPrefix("Closes at 14:05") } == [false, true, false], "\(gnome)")
        #expect(gnome.firstIndex(of: "Or choose both times in a window.").map { $0 > 4 } == true, "\(gnome)")
        #expect(!gnome.contains("Asked by Firefox"))
        let plasma = NotificationContent.render(view, profile: Self.plasma, bodyMarkup: false, now: 0).body.split(separator: "\n")
        #expect(plasma[2] == "Duration: 30 min · Asked by Firefox", "\(plasma)")
        let xfce = NotificationContent.render(view, profile: Self.xfce, bodyMarkup: false, now: 0).body.split(separator: "\n")
        #expect(xfce.last == "Asked by Firefox" && xfce[2] == "Duration: 30 min", "\(xfce)")
    }

    /// The fewest clicks from `picker`'s selection to `target`, confirmed, using only what the
    /// notification shows on `profile` (a menu entry costs two: opening the menu, choosing);
    /// nil when it cannot be reached.
    static func fewestClicks(
        from picker: PickerModel, to target: (Slot, Slot), on profile: NotificationServerProfile
    ) -> Int? {
        struct Node: Hashable { let start: Slot; let end: Slot; let focus: PickerColumn; let menuHour: MenuHour? }
        let perAction = profile.layout == .list ? 2 : 1
        var seen: Set<Node> = []
        var frontier: [(PickerModel, MenuHour?)] = [(picker, nil)]
        var clicks = 0
        while !frontier.isEmpty {
            var next: [(PickerModel, MenuHour?)] = []
            for (model, menuHour) in frontier {
                let node = Node(start: model.start, end: model.end, focus: model.focus, menuHour: menuHour)
                guard seen.insert(node).inserted else { continue }
                let view = NotificationView(model.state, menuHour: menuHour)
                let content = NotificationContent.render(view, profile: profile, bodyMarkup: false, now: 0)
                var keys = content.actions.map(\.key)
                // `default` is a click on the body where it is no button.
                if !profile.showsDefaultAsButton, profile.bodyClick != .defaultAction { keys.removeAll { $0 == "default" } }
                for key in keys {
                    var after = model
                    var outcome: PickerOutcome?
                    for event in pickerEvents(forAction: key, in: model.state) where outcome == nil { outcome = after.apply(event) }
                    if case .selected(let start, let end)? = outcome {
                        if start == target.0, end == target.1 { return clicks + perAction }
                        continue
                    }
                    guard outcome == nil else { continue }
                    next.append((after, view.menuHour(afterAction: key)))
                }
            }
            frontier = next
            clicks += perAction
        }
        return nil
    }
}
