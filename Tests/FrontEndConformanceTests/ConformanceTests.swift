import FrontEndTesting
import Testing

/// Every front end keeps the `PickerFrontEnd` contract: `PickerFrontEndConformance`'s checks,
/// each on a new front end with its peer played for real or on a fake bus.
@Suite("The PickerFrontEnd contract")
struct ConformanceTests {
    @Test("FakeFrontEnd keeps it", arguments: PickerFrontEndConformance.Check.allCases)
    func fakeFrontEnd(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check) { FakeFrontEndHarness() }
    }

    @Test("FakeFrontEnd keeps it when it gives back later", arguments: PickerFrontEndConformance.Check.allCases)
    func fakeFrontEndGivingBackLater(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check) { FakeFrontEndHarness(givesBackAtOnce: false) }
    }

    @Test("TerminalFrontEnd on a pseudo-terminal keeps it", arguments: PickerFrontEndConformance.Check.allCases)
    func terminalFrontEnd(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check) { try TerminalHarness() }
    }

    @Test("NotificationFrontEnd with a notification server on a fake bus keeps it", arguments: PickerFrontEndConformance.Check.allCases)
    func notificationFrontEnd(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check) { NotificationHarness() }
    }

    @Test("NotificationFrontEnd with GNOME Shell's ways (each step a new notification) keeps it", arguments: PickerFrontEndConformance.Check.allCases)
    func notificationFrontEndAsOnGnomeShell(_ check: PickerFrontEndConformance.Check) {
        // The body's click is taken only once the banner has settled (NotificationDelivery's 400 ms).
        expectConformance(check) { NotificationHarness(serverName: "gnome-shell", clickDelayMilliseconds: 450) }
    }

    @Test("DialogFrontEnd with a dialog backend on a fake bus keeps it", arguments: PickerFrontEndConformance.Check.allCases)
    func dialogFrontEnd(_ check: PickerFrontEndConformance.Check) {
        expectConformance(check) { DialogHarness() }
    }
}
