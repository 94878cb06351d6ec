import DBusKit
import Foundation
import TestHarness

/// What a test reads off the daemon's notifications about the step the person is in.
extension MockNotificationServer.Notification {
    /// A stepper notification in its end step: a click on its body accepts (the default
    /// action's label is OK).
    var isStepperEndStep: Bool { label(of: "default") == "OK" }

    /// The lines dunst's context menu gives its dmenu for this notification's actions:
    /// `#Label (Summary) [id,key]`, one per action.
    var dunstMenuLines: [String] { actions.map { "#\($0.label) (\(summary)) [\(id),\($0.key)]" } }
}

/// `lines` sorted by `/usr/bin/sort` in `locale` (`C`: byte by byte; `C.UTF-8`), as a menu
/// program that sorts its entries would show them; the file it reads is made in `directory`.
func sortedAsText(_ lines: [String], locale: String, in directory: URL) throws -> [String] {
    let file = directory.appendingPathComponent("menu-\(UUID().uuidString.prefix(6)).txt")
    // Shuffled first: the order the daemon sent them in must not matter (dunst loses it).
    try Data((lines.shuffled().joined(separator: "\n") + "\n").utf8).write(to: file)
    let result = try CapturedCommand.run("/usr/bin/sort", [file.path], environment: ["LC_ALL": locale], directory: directory)
    guard result.termination == .exited(0) else { throw HarnessError("sort: \(result.termination) \(result.stderr)") }
    return result.stdout.split(separator: "\n").map(String.init)
}

extension NotificationFixture {
    /// Shows a picker titled `title` with `options` and the `handle_token` `token`; answers its
    /// session's path and the first Notify the server got for it.
    func showPicker(
        _ title: String, token: String, _ options: [String: DBusValue] = [:]
    ) throws -> (handle: ObjectPath, shown: MockNotificationServer.Notification) {
        let handle = try client.showTimePicker(options.merging(["title": .string(title), "handle_token": .string(token)]) { $1 })
        return (handle, try mock.waitForNotify(summary: title))
    }
}
