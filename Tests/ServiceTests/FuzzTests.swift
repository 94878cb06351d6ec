import DBusKit
import Foundation
import Glibc
import TestHarness
import Testing

@Suite("Fuzz")
struct FuzzTests {
    /// Fixed, so every run makes the same calls; `FUZZ_SEED=<hex>` tries another,
    /// `FUZZ_ROUNDS=<n>` runs longer (each round is 200 calls), `FUZZ_DUMP_LOG=<file>` keeps
    /// the daemon's log.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0, radix: 16) } ?? 0x71AE_5EED
    static let connections = 4
    static let callsPerRound = 50
    static let rounds = ProcessInfo.processInfo.environment["FUZZ_ROUNDS"].flatMap { Int($0) } ?? 25

    @Test("Thousands of random and malformed calls get documented answers; afterwards no sessions, and descriptors and memory are back")
    func fuzz() throws {
        let fixture = try Fixture()
        let clientScreen = try PseudoTerminal()
        let daemonScreen = try fixture.screen
        let terminals = [clientScreen.terminal, daemonScreen.terminal]
        let descriptors = try FuzzDescriptors(terminals: terminals, borrowed: [clientScreen.controller])
        defer {
            descriptors.close()
            clientScreen.close()
        }
        let pid = fixture.daemon.process.pid
        let seed = Self.seed
        let peers = try (0..<Self.connections).map { _ in FuzzPeer(client: try BusClient(bus: fixture.bus)) }
        try warmUp(fixture, peers: peers, terminal: clientScreen.terminal)
        let descriptorsBefore = try openDescriptorCount(of: pid)
        let residentBefore = try FuzzRun.residentKiB(of: pid)

        let started = Date()
        let run = try FuzzRun(
            peers: peers, seed: seed, input: FuzzInput(seed: seed, descriptors: descriptors.all, terminals: terminals),
            connect: { try BusClient(bus: fixture.bus) })
        for round in 0..<Self.rounds {
            do {
                try run.round(calls: Self.callsPerRound, final: round == Self.rounds - 1)
            } catch {
                run.problem("round \(round) stopped: \(error)")
                break
            }
            guard fixture.daemon.process.isRunning else {
                run.problem("the daemon is gone after round \(round); its log ends:\n\(fixture.daemon.log.suffix(3000))")
                break
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        print(run.summary(seconds: elapsed))

        let context = "fuzz seed \(String(seed, radix: 16)) (FUZZ_SEED=\(String(seed, radix: 16)) replays it)"
        #expect(run.problems.isEmpty, "\(context): \(run.problems.count) problems, the first:\n\(run.problems.prefix(25).joined(separator: "\n"))")
        #expect(fixture.daemon.process.isRunning, "\(context): the daemon is not running")
        // Sessions of callers that left unidentified end by their one-second timeout.
        var sessionsLeft: [ObjectPath] = []
        _ = try? waitUntil("every session to end", seconds: 10) {
            // A session that ends during the walk makes its node vanish under it: walk again.
            guard let paths = try? FuzzRun.allSessionPaths(fixture.client) else { return false }
            sessionsLeft = paths
            return sessionsLeft.isEmpty
        }
        #expect(sessionsLeft.isEmpty, "\(context): sessions left after every one made was cancelled: \(sessionsLeft.prefix(10))")
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")

        var descriptorsAfter = -1
        let descriptorsBack = (try? waitUntil("the daemon's descriptors back to \(descriptorsBefore)", seconds: 5) {
            descriptorsAfter = try openDescriptorCount(of: pid)
            return descriptorsAfter == descriptorsBefore
        }) != nil
        #expect(descriptorsBack, "\(context): the daemon has \(descriptorsAfter) descriptors open, \(descriptorsBefore) before")
        let residentAfter = try FuzzRun.residentKiB(of: pid)
        // malloc keeps some freed memory, and tables keep the capacity they grew to.
        if SanitizerBuild.measuresFigures {
            #expect(residentAfter - residentBefore <= 1536, "\(context): resident memory grew from \(residentBefore) KiB to \(residentAfter) KiB")
        }

        let log = fixture.daemon.log
        if let dump = ProcessInfo.processInfo.environment["FUZZ_DUMP_LOG"] { try? log.write(toFile: dump, atomically: true, encoding: .utf8) }
        for crash in ["Fatal error", "Current stack trace", "Program crashed", "Backtrace", "Assertion failed"] {
            #expect(!log.contains(crash), "\(context): the daemon's log says '\(crash)':\n\(log.suffix(3000))")
        }
        // Both terminals had pickers on them, the daemon's own one from two front ends at once.
        for (name, screen) in [("the daemon's", daemonScreen), ("the client's", clientScreen)] {
            let restored = (try? waitUntil("\(name) terminal back in line mode", seconds: 5) { screen.isCooked }) != nil
            #expect(restored, "\(context): \(name) terminal was left in raw mode")
        }
        fixture.daemon.send(SIGTERM)
        #expect(try fixture.daemon.waitForExit(seconds: 30) == 0, "\(context): the daemon did not stop cleanly on SIGTERM")
        print("  daemon after the fuzz: \(descriptorsBefore) → \(descriptorsAfter) descriptors, VmRSS \(residentBefore) → \(residentAfter) KiB")
    }

    /// A few sessions of every kind, so that what the daemon allocates on first use exists
    /// before the descriptors and memory are counted.
    private func warmUp(_ fixture: Fixture, peers: [FuzzPeer], terminal: Int32) throws {
        for options: [String: DBusValue] in [[:], ["terminal": .unixFD(terminal)], ["handle_token": .string("warm"), "timeout": .uint32(3600)]] {
            let handle = try fixture.client.showTimePicker(options)
            _ = try fixture.client.call("Get", path: handle, interface: "org.freedesktop.DBus.Properties", [.string(""), .string("Start")])
            _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
        }
        let pick = try fixture.client.startCall("PickTimeRange", [.vardict(["handle_token": .string("warm_pick")])])
        _ = try fixture.client.call(
            "Cancel", path: FuzzCallMaker.sessionPath(sender: fixture.client.senderElement, token: "warm_pick"), interface: BusClient.sessionInterface)
        _ = try fixture.client.waitForReply(to: pick)
        for peer in peers {
            let handle = try peer.client.showTimePicker()
            _ = try fixture.client.call("Cancel", path: handle, interface: BusClient.sessionInterface)
            _ = dbusError { _ = try peer.client.showTimePicker(["step": .uint32(7)]) }
            _ = try peer.client.call("GetAll", interface: "org.freedesktop.DBus.Properties", [.string("")])
            _ = try peer.client.call("Introspect", interface: "org.freedesktop.DBus.Introspectable")
        }
        try waitUntil("the warm-up sessions to end") { try FuzzRun.allSessionPaths(fixture.client).isEmpty }
    }
}
