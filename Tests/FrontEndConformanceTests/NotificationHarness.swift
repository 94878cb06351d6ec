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
    /// How long the person's multi-step action waits for each step to be drawn.
    private let stepMilliseconds = 5000

    init() {
        bus = FakeBus(loop: loop, defaultUser: getuid())
        server = FakeNotificationServer(bus: bus)
        server.start()
        // The generic stepper: a server the daemon knows nothing of.
        notifications = NotificationFrontEnd(bus: bus, loop: loop, layout: nil)
    }

    var frontEnd: any PickerFrontEnd { notifications }

    /// The open notification titled as `session`, read from its body ("Start: 09:00", "End: 10:00").
    func seenPicker(_ session: ConformanceSession) -> SeenPicker? {
        guard let (_, notification) = server.notification(titled: session.title), notification.isOpen else { return nil }
        return readSelection(in: notification.body)
    }

    /// On the notification titled as `session` (open, or the last one that was, for a late
    /// click): "later"; "default" until it closes, since the first may only move on to the end
    /// (Next, then OK); or a dismissal.
    func personDoes(_ action: PersonAction, to session: ConformanceSession) {
        guard let (id, _) = server.notification(titled: session.title) else { return }
        switch action {
        case .moveLater:
            server.invoke("later", on: id)
        case .confirm:
            // A late click, on a notification already closed, is one click.
            guard server.notifications[id]?.isOpen == true else {
                server.invoke("default", on: id)
                return
            }
            for _ in 1...3 {
                guard let notification = server.notifications[id], notification.isOpen else { return }
                server.invoke("default", on: id)
                // Drawn again (the next step), or closed (the session ended).
                _ = loop.turn(until: { server.notifications[id].map { !$0.isOpen || $0.draws > notification.draws } ?? true },
                              withinMilliseconds: stepMilliseconds)
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
