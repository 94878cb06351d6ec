import CallerApps
import DBusKit
import DBusKitTesting
import EventLoop
import FrontEndTesting
import Glibc
import NotificationUI
import TimePickerCore

/// `NotificationFrontEnd` over a `FakeBus` on which a `FakeNotificationServer` plays the
/// desktop's server: the person sees the notifications the server has open, and acts by
/// invoking their actions or dismissing them; the peer is the server, which leaves the bus or
/// stops answering.
final class NotificationHarness: PickerFrontEndHarness {
    private let loop = EventLoop()
    private let bus: FakeBus
    private let server: FakeNotificationServer
    private let notifications: NotificationFrontEnd
    /// How long after a notification appears the person clicks its body: at once, or, on a
    /// server where each step is a new banner sliding in, once it has settled (the front end
    /// takes a quicker click for one meant for the banner before).
    private let clickDelayMilliseconds: Int
    /// How long the person's multi-step action waits for each step to be drawn.
    private let stepMilliseconds = 5000

    /// A server that gives `serverName`: the daemon knows nothing of "conformance-notifications"
    /// (the generic stepper, updated in place); "gnome-shell" makes each step a new notification.
    init(serverName: String = "conformance-notifications", clickDelayMilliseconds: Int = 0) {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        server = FakeNotificationServer(bus: bus, serverName: serverName)
        server.start()
        self.clickDelayMilliseconds = clickDelayMilliseconds
        notifications = NotificationFrontEnd(bus: bus, loop: loop, layout: nil, caller: { _ in .connection(":1.1") })
    }

    var frontEnd: any PickerFrontEnd { notifications }

    /// The newest open notification titled as `session`, read from its body ("Start: 09:00",
    /// "End: 10:00").
    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        guard let (_, notification) = server.notification(titled: session.title), notification.isOpen else { return nil }
        return readSelection(in: notification.body)
    }

    /// On the notification titled as `session` (open, or the last one that was, for a late
    /// click): "later"; a click on the body until the session's notification goes, since the
    /// first may only move on to the end (Next, then OK); or a dismissal.
    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        guard let (id, notification) = server.notification(titled: session.title) else { return }
        switch action {
        case .moveLater:
            server.invoke("later", on: id)
        case .confirm where !notification.isOpen:
            server.invoke("default", on: id)
        case .confirm:
            for _ in 1...3 {
                guard let (id, shown) = server.notification(titled: session.title), shown.isOpen else { return }
                _ = loop.turn(until: { MonotonicClock.now() - shown.drawnAt >= clickDelayMilliseconds }, withinMilliseconds: stepMilliseconds)
                server.invoke("default", on: id)
                // The next step drawn (in place, or as a new notification), or the last one gone.
                _ = loop.turn(until: {
                    guard let (newest, now) = server.notification(titled: session.title) else { return true }
                    return !now.isOpen || newest != id || now.draws > shown.draws
                }, withinMilliseconds: stepMilliseconds)
            }
        case .cancel:
            server.dismiss(id)
        }
    }

    func takePeerAway() {
        server.leave()
    }

    func stallPeer() {
        server.isStalled = true
    }

    func turnLoop(until condition: () -> Bool, withinMilliseconds milliseconds: Int) -> Bool {
        loop.turn(until: condition, withinMilliseconds: milliseconds)
    }
}
