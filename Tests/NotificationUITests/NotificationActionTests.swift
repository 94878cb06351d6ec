import NotificationUI
import Testing
import TimePickerCore

@Suite("Notification actions and layouts")
struct NotificationActionTests {
    @Test("Stepper actions: earlier and later move the focused column")
    func stepperActions() throws {
        let picker = try model()
        #expect(pickerEvents(forAction: "earlier", in: picker) == [.move(by: -1)])
        #expect(pickerEvents(forAction: "later", in: picker) == [.move(by: 1)])
    }

    @Test("The default action (a click on the body) is Next while choosing the start, OK after")
    func defaultAction() throws {
        let picker = try model()
        #expect(pickerEvents(forAction: "default", in: picker) == [.focus(.end)])
        #expect(pickerEvents(forAction: "default", in: inEndPhase(picker)) == [.confirm])
    }

    @Test("List actions set the column and go on: start-HH:MM then the end, end-HH:MM confirms")
    func listActions() throws {
        let picker = try model()
        #expect(pickerEvents(forAction: "start-09:00", in: picker) == [.set(.start, time("09:00")), .focus(.end)])
        #expect(pickerEvents(forAction: "end-17:00", in: inEndPhase(picker)) == [.set(.end, time("17:00")), .confirm])
        #expect(pickerEvents(forAction: "end-24:00", in: picker) == [.set(.end, time("24:00")), .confirm])
    }

    @Test("Unknown or malformed action keys do nothing", arguments: [
        "", "bogus", "Earlier", "OK", "start-", "start-9:00", "start-49:00", "start-09:00 ", "end-", "end-24:01", "end-ab:cd",
        "begin-09:00", "cancel", "start-hour-9", "start-hour-49", "end-hour-", "end-hour-1a", "start-hour-009", "middle-hours",
        "start-hours ", "Change-start", "change-end", "next", "ok",
    ])
    func unknownActions(key: String) throws {
        #expect(pickerEvents(forAction: key, in: try model()).isEmpty)
    }

    @Test("Every key the daemon offers reads back as itself", arguments: [
        NotificationActionKey.default, .earlier, .later, .earlierByHour, .laterByHour, .changeStart, .start(time("00:00")), .end(time("24:00")),
        .end(Slot(minutes: 30 * 60)), .start(Slot(minutes: 150, utcOffset: 3600)), .end(Slot(minutes: 48 * 60)),
        .hour(.start, MenuHour(0)), .hour(.start, MenuHour(9)), .hour(.end, MenuHour(24)), .hour(.end, MenuHour(47)),
        .hour(.start, MenuHour(2, pass: 0)), .hour(.end, MenuHour(26, pass: 1)), .hours(.start), .hours(.end),
    ])
    func keysRoundTrip(key: NotificationActionKey) {
        #expect(NotificationActionKey(rawValue: key.rawValue) == key, "\(key.rawValue)")
    }

    @Test("The list's own steps: Change start… focuses the start; an hour, or back to the hours, stands for no event")
    func listSteps() throws {
        let picker = inEndPhase(try model())
        #expect(NotificationActionKey.hour(.start, MenuHour(9)).rawValue == "start-hour-09")
        #expect(NotificationActionKey.hours(.end).rawValue == "end-hours")
        #expect(pickerEvents(forAction: "change-start", in: picker) == [.focus(.start)])
        #expect(pickerEvents(forAction: "end-hour-17", in: picker).isEmpty)
        #expect(pickerEvents(forAction: "end-hours", in: picker).isEmpty)
    }

    @Test("A full stepper pick through the events the actions stand for")
    func stepperPickThroughEvents() throws {
        var picker = try model()
        var outcome: PickerOutcome?
        for key in ["later", "later", "default", "later", "earlier", "later", "default"] where outcome == nil {
            for event in pickerEvents(forAction: key, in: picker) where outcome == nil {
                outcome = picker.apply(event)
            }
        }
        #expect(outcome == .selected(start: time("03:00"), end: time("05:00")))
    }

    @Test("A list start that is not a slot is ignored, and the start phase goes on to the end phase")
    func listStartNotASlot() throws {
        var picker = try model()
        for event in pickerEvents(forAction: "start-09:30", in: picker) { _ = picker.apply(event) }
        #expect(picker.start == time("01:00"))
        #expect(picker.focus == .end)
    }

    @Test("Layout by server name: dunst and mako get the list, every other server the stepper", arguments: [
        ("dunst", NotificationLayout.list), ("Dunst", .list), ("mako", .list), ("MAKO", .list),
        ("gnome-shell", .stepper), ("GNOME Shell", .stepper), ("Notification Daemon", .stepper), ("notification-daemon", .stepper),
        ("Plasma", .stepper), ("Xfce Notify Daemon", .stepper), ("mock-notify", .stepper), ("", .stepper),
    ])
    func layoutForServer(name: String, expected: NotificationLayout) {
        #expect(NotificationServerProfile.forServer(named: name).layout == expected)
    }

    @Test("Layouts by the names --notification-layout takes")
    func layoutNames() {
        #expect(NotificationLayout(rawValue: "stepper") == .stepper)
        #expect(NotificationLayout(rawValue: "list") == .list)
        #expect(NotificationLayout(rawValue: "menu") == nil)
        #expect(NotificationLayout.allCases.map(\.rawValue).sorted() == ["list", "stepper"])
    }
}
