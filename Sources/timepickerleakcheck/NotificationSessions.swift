import DBusKit
import TestHarness
import TimePickerContract

/// Drives `count` sessions through the daemon's notification user interface against the mock
/// notification server: cancelled with Cancel() once on screen or while still on their way,
/// and (every tenth) PickTimeRange calls cancelled by another connection of the user.
struct NotificationSessions {
    let bus: PrivateBus
    let caller: ServiceCaller
    /// Another connection of the same user, which may cancel the caller's sessions.
    let other: ServiceCaller

    /// The session number `index`; returns the path of the session to see end.
    func run(_ index: Int) throws -> ObjectPath {
        let title = "Leak check \(index)"
        if index % 10 == 9 {
            let pick = try PendingPick(bus: bus, title: title, token: "pick\(index)")
            try pick.waitForSession(seen: caller)
            try other.cancel(pick.path)
            _ = try pick.waitForAnswer()
            // The mock's record of calls would otherwise grow, and slow GetMethodCalls down.
            if index % 50 == 49 { try mockCall("ClearCalls") }
            return pick.path
        }
        let notified = try notifyCount()
        let path = try caller.showTimePicker(["title": .string(title), "step": .uint32(index % 3 == 0 ? 60 : 30)])
        if index % 2 == 1 {
            try waitUntil("the notification", seconds: 60) { try notifyCount() > notified }
        }
        try caller.cancel(path)
        return path
    }

    /// How many Notify calls the mock has recorded since it last cleared them.
    private func notifyCount() throws -> Int {
        guard case .array(_, let calls)? = try mockCall("GetMethodCalls", [.string(NotificationsBus.Member.notify.rawValue)]).first else {
            throw HarnessError("GetMethodCalls returned no array")
        }
        return calls.count
    }

    @discardableResult
    private func mockCall(_ member: MemberName, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try caller.call(
            member, destination: NotificationServerProcess.busName, path: NotificationServerProcess.path,
            interface: NotificationServerProcess.mockInterface, arguments
        ).arguments()
    }
}
