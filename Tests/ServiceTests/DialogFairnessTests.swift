import DBusKit
import Foundation
import TestHarness
import Testing

/// One process's flood of sessions over many connections against a slow dialog backend must not
/// keep another process's first dialog waiting: the ShowPicker calls out are shared among the
/// callers as the system tells them apart, not among connections.
@Suite("Dialog UI: callers take turns at a slow backend")
struct DialogFairnessTests {
    /// A backend that takes each ShowPicker after a delay, several at once.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/slow-dialog-backend.py")
    static let backendName: BusName = "test.timepickerd.SlowDialog"

    @Test("With a backend taking 0.25 s per ShowPicker and one process holding 240 sessions over 240 connections of one session each, another process's first ShowPicker arrives within 1 s")
    func manyConnectionsBuyNothing() throws {
        let bus = try PrivateBus()
        let watcher = try NameWatcher(address: bus.address, name: Self.backendName)
        let log = uniqueFile(in: bus.directory, "slow-dialog", "log")
        let backend = try startLogged(
            ["/usr/bin/python3", Self.script.path, bus.address, Self.backendName.rawValue, "0.25"], environment: bus.environment, logFile: log)
        defer { backend.stop() }
        try watcher.waitUntilOwned(by: backend, "the slow dialog backend", seconds: 30) { logText(log) }
        let daemon = try DaemonProcess.serving(on: bus, arguments: ["--ui", "dialog", "--dialog-backend", Self.backendName.rawValue, "--verbose"])
        defer { daemon.stop() }
        /// The titles of the ShowPicker calls the backend has received, in order.
        func shown() -> [Substring] {
            logText(log).split(separator: "\n").compactMap { $0.hasPrefix("show ") ? $0.dropFirst("show ".count) : nil }
        }

        let flood = try (0..<240).map { _ in try BusClient(bus: bus) }
        let calls = try flood.enumerated().map { index, caller in
            (caller, try caller.startCall("ShowTimePicker", [.vardict(["title": .string("Flood \(index)")])]))
        }
        for (caller, serial) in calls {
            let reply = try caller.waitForReply(to: serial, seconds: 30)
            try #require(reply.kind == .methodReturn, "\(reply.errorName?.rawValue ?? "") \(reply.errorMessage ?? "")")
        }
        // The backend is busy with the flood, and most of it still waits in the daemon.
        try waitUntil("the backend to have been sent 20 of the flood's dialogs", seconds: 30) { shown().count >= 20 }

        let sentBefore = shown().count
        let asked = ContinuousClock.now
        let honest = try ShowTimePickerElsewhere.run(title: "Mine", on: bus)
        try #require(honest.termination == .exited(0), "busctl: \(honest.stderr)")
        do {
            try waitUntil("the other process's ShowPicker at the backend", seconds: 30) { shown().contains("Mine") }
        } catch {
            throw HarnessError("\(error)\ndaemon log:\n\(daemon.log)")
        }
        let waited = ContinuousClock.now - asked
        let ahead = (shown().firstIndex(of: "Mine") ?? 0) - sentBefore
        print("  another process's first ShowPicker reached the backend \(waited) after it asked, behind \(ahead) of the flood's")
        #expect(waited < .seconds(1), "another process's first dialog waited \(waited) behind \(ahead) of the flood's")
    }
}
