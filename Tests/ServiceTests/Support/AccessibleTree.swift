import TestHarness
import Foundation
import Glibc

/// One node of the accessible tree, as a screen reader sees it (Support/atspi.py prints them).
struct AccessibleNode: Decodable {
    let role: String
    let name: String
    /// What a screen reader reads after the name.
    let description: String
    /// A label's text.
    let text: String
    let states: [String]
    /// x, y, width, height, relative to the node's window.
    let extents: [Int]
    let children: [AccessibleNode]

    /// What a person reads: a label's text, any other node's name.
    var label: String { role == "label" && !text.isEmpty ? text : name }

    /// On screen: GTK 4.8 reports no `showing` state, so visible with an area counts.
    var isOnScreen: Bool { states.contains("visible") && extents.count == 4 && extents[2] > 0 && extents[3] > 0 }

    var isSelected: Bool { states.contains("selected") }
    var isFocused: Bool { states.contains("focused") }
    /// A window that has the keyboard, the one a person's keys go to: GTK 4.8 reports no
    /// `active` state, but only the active window's focus widget is `focused`.
    var hasKeyboard: Bool { children.contains { $0.all.contains(where: \.isFocused) } }

    /// This node and every node below it, depth first.
    var all: [AccessibleNode] { [self] + children.flatMap(\.all) }

    /// The first node below (or at) this one with `role` and `name`.
    func first(role: String, name: String) -> AccessibleNode? {
        all.first { $0.role == role && $0.name == name }
    }

    /// The items of a list: each item's label text and whether it is selected, top to bottom.
    var items: [(label: String, selected: Bool)] {
        children.filter { $0.role == "list item" }.map { item in
            (item.all.first { $0.role == "label" }?.label ?? item.name, item.isSelected)
        }
    }

    /// The selected item's label, or nil.
    var selectedItem: String? { items.first { $0.selected }?.label }

    /// The item labelled `label`.
    func item(_ label: String) -> AccessibleNode? {
        children.first { item in item.role == "list item" && item.all.contains { $0.role == "label" && $0.label == label } }
    }

    /// Whether the node lies within `other`'s extents (a row within its scroll pane: in view).
    func isWithin(_ other: AccessibleNode) -> Bool {
        extents[1] >= other.extents[1] && extents[1] + extents[3] <= other.extents[1] + other.extents[3]
    }

    /// The scroll pane around the list named `name`.
    func scrollPane(around name: String) -> AccessibleNode? {
        all.first { $0.role == "scroll pane" && $0.first(role: "list", name: name) != nil }
    }

    /// Whether the item `label` of the list `name` is scrolled into view. GTK 4.8's list views
    /// keep some rows they scrolled away from, with the places they had: such a row still
    /// reads as in view, so only a row newly laid out proves a scroll.
    func isInView(_ label: String, inList name: String) -> Bool {
        guard let pane = scrollPane(around: name), let item = first(role: "list", name: name)?.item(label) else { return false }
        return item.isOnScreen && item.isWithin(pane)
    }

    /// The centre of the node, relative to its window.
    var centre: (x: Int, y: Int) { (extents[0] + extents[2] / 2, extents[1] + extents[3] / 2) }
}

/// Reading the accessible tree of the applications on a virtual display's accessibility bus.
enum Accessibility {
    /// Support/atspi.py, beside this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi.py").path

    /// Every application's tree; without `rows`, lists have no items (read much faster).
    static func applications(on display: VirtualDisplay, rows: Bool = true) throws -> [AccessibleNode] {
        let json = try display.run("/usr/bin/python3", [script] + (rows ? [] : ["--without-rows"]), seconds: 30)
        return try JSONDecoder().decode([AccessibleNode].self, from: Data(json.utf8))
    }

    /// The dialogs on screen, by name.
    static func dialogs(on display: VirtualDisplay, rows: Bool = true) throws -> [AccessibleNode] {
        try applications(on: display, rows: rows).flatMap(\.all).filter { $0.role == "dialog" }
    }

    /// Waits for the dialog named `title` and returns it as it is when `condition` holds.
    static func dialog(
        _ title: String, on display: VirtualDisplay, seconds: Double = 15, rows: Bool = true,
        where condition: (AccessibleNode) -> Bool = { _ in true }
    ) throws -> AccessibleNode {
        var found: AccessibleNode?
        try waitUntil("the dialog '\(title)'", seconds: seconds) {
            found = try dialogs(on: display, rows: rows).first { $0.name == title && condition($0) }
            return found != nil
        }
        guard let found else { throw HarnessError("no dialog '\(title)'") }
        return found
    }
}

/// One accessibility event, as a screen reader receives it (Support/atspi-events.py prints them).
struct AccessibleEvent: Decodable {
    let type: String
    let detail1: Int
    let role: String
    let name: String
    let description: String
    let parentRole: String
    let parentName: String
}

/// The accessibility events of a virtual display's applications while it runs: what Orca would
/// be told, recorded from the accessibility bus.
final class AccessibleEventRecorder {
    private let command: CapturedCommand

    /// Starts recording, and returns once the listeners are registered.
    init(on display: VirtualDisplay) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-events.py").path
        command = try display.start("/usr/bin/python3", [script, "120"])
        try waitUntil("the accessibility event listener", seconds: 15) { [command] in
            guard command.process.isRunning else { throw HarnessError("atspi-events.py ended: \(command.stderr)") }
            return command.stdout.hasPrefix("listening")
        }
    }

    deinit {
        command.process.send(SIGTERM)
        _ = try? command.process.waitForExit()
    }

    /// The events recorded so far.
    var events: [AccessibleEvent] {
        command.stdout.split(separator: "\n").dropFirst().compactMap { try? JSONDecoder().decode(AccessibleEvent.self, from: Data($0.utf8)) }
    }
}
