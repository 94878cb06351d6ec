import DBusKit
import Foundation
import TestHarness
import Testing

/// Who asked, in the GTK dialog: in words that tell the system's name from a program's own,
/// "an unknown app" where nothing can be said, and bounded in Unicode scalars by the backend
/// itself (a caller of the backend is untrusted too), read through the accessibility bus.
@Suite("GTK dialog backend: who asks", .serialized)
struct DialogRequesterTests {
    /// A desktop entry's Name anyone can write: one Character of 30,001 scalars.
    static let marks = "F" + String(repeating: "\u{301}", count: 30_000)

    @Test("The system's word, a program's own name and an unknown app are each said as what they are")
    func kinds() throws {
        let fixture = try DialogFixture()
        let cases: [(kind: String, name: String?, label: String)] = [
            ("vouched", "Flat Example", "Asked by Flat Example"),
            ("claimed", "firefox", "Asked by “firefox”, as the program calls itself"),
            ("unknown", nil, "Asked by an unknown app"),
        ]
        for (index, shown) in cases.enumerated() {
            var options: [String: DBusValue] = ["title": .string("Kind \(index)"), "requester_kind": .string(shown.kind)]
            if let name = shown.name { options["requester"] = .string(name) }
            _ = try fixture.caller.showPicker(try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/1_7/kind\(index)")), options)
            let dialog = try fixture.dialog("Kind \(index)")
            #expect(dialog.all.contains { $0.role == "label" && $0.label == shown.label }, "\(shown.kind): \(dialog.all.map(\.label))")
        }
    }

    @Test("A 30,000-mark app name costs the backend a dialog no more than a 64-character one, and is shown cut to 64 scalars")
    func markFlood() throws {
        let fixture = try DialogFixture()
        let backend = fixture.backend.process.pid
        var serial = 0
        /// The backend's CPU time for one dialog with `name` as who asked, shown and closed.
        func cost(of name: String) throws -> Double {
            serial += 1
            let title = "Cost \(serial)"
            let handle = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/1_7/cost\(serial)"))
            let before = try cpuSeconds(of: backend)
            _ = try fixture.caller.showPicker(handle, ["title": .string(title), "requester": .string(name), "requester_kind": .string("claimed")])
            let dialog = try fixture.dialog(title)
            let asked = try #require(dialog.all.first { $0.role == "label" && $0.label.hasPrefix("Asked by “") }, "\(dialog.all.map(\.label))")
            let shownName = asked.label.dropFirst("Asked by “".count).prefix { $0 != "”" }
            #expect(shownName.unicodeScalars.count <= 64, "the name shown: \(shownName.unicodeScalars.count) scalars")
            try fixture.caller.close(handle)
            try fixture.waitForWindowGone(title)
            return try cpuSeconds(of: backend) - before
        }
        let plain = String(repeating: "x", count: 64)
        // Three of each, in turn, after one that warms the backend; summed, as the kernel
        // counts CPU time in ticks of 10 ms.
        _ = try cost(of: plain)
        var (marks, sixtyFour) = (0.0, 0.0)
        for _ in 0..<3 {
            marks += try cost(of: Self.marks)
            sixtyFour += try cost(of: plain)
        }
        #expect(marks <= sixtyFour * 2, "CPU: \(marks) s with the marks, \(sixtyFour) s with 64 characters, three dialogs each")
    }
}
