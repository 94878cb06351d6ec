import Foundation
import Glibc
import TestHarness
import Testing

/// libtimepicker believes a reply only from the connection it asked (lib/timepicker/
/// timepicker-call.c). GDBus matches a reply to its call by the serial alone, and the bus lets any
/// connection send a return nobody asked for: another user's returns once failed the library's
/// picks, blinded its monitor, and passed another user's service as the program's own.
@Suite("libtimepicker: forged method returns")
struct LibraryForgedReplyTests {
    static let pythonClient = LibraryTests.Client(name: "PyGObject", file: "lib/tests/pick.py")
    static let cClient = LibraryTests.Client(name: "C", file: "examples/pick-library.c")

    @Test("Returns sprayed at every new connection never end or answer a pick, and never blind the monitor: the person cancels, the monitor says so", .actsAsOtherUser)
    func sprayedReturnsAreNotBelieved() throws {
        let fixture = try Fixture()
        let library = LibraryTests()
        let forger = try ReplyForger(body: "('13:13', '14:14')", on: fixture.bus)
        let monitor = try library.start(Self.pythonClient, ["monitor"], on: fixture.bus)
        defer { monitor.process.stop() }
        try waitUntil("the monitor to listen", seconds: 30) { monitor.stdout.contains("ready\n") || !monitor.process.isRunning }
        try #require(monitor.stdout == "ready\n", "stdout: \(monitor.stdout) stderr: \(monitor.stderr)")

        var picks = 0
        for client in [Self.cClient, Self.pythonClient] {
            for _ in 0..<3 {
                let run = try library.start(client, on: fixture.bus)
                do {
                    try fixture.screen.waitForScreen(containing: "Asked by")
                } catch {
                    throw HarnessError("\(client.name): no picker (\(error)); stdout: \(run.stdout) stderr: \(run.stderr)")
                }
                try forger.waitForRounds(2)
                try fixture.screen.type(Keys.escape)
                let termination = try run.process.waitForExit(seconds: 30)
                picks += 1
                let said = run.stdout + run.stderr
                #expect(termination == .exited(1), "\(client.name): stdout \(run.stdout) stderr \(run.stderr)")
                #expect(said.contains("No time range chosen") || said.contains("error time-picker-error-quark user:"), "\(client.name): \(said)")
                #expect(!said.contains("13:13"), "\(client.name) printed a forged answer: \(said)")
                try waitUntil("the picker to be taken down") { try !fixture.screen.currentScreen.contains("Asked by") }
            }
        }
        do {
            try waitUntil("the monitor to report every cancelled pick", seconds: 30) {
                monitor.stdout.split(separator: "\n").filter { $0.hasPrefix("cancelled ") && $0.hasSuffix(" user") }.count >= picks
            }
        } catch {
            throw HarnessError("\(error): \(picks) picks cancelled; the monitor printed: \(monitor.stdout) \(monitor.stderr)")
        }
        #expect(forger.reachedAConnection, "the forger reached none of the picks' connections: \(forger.log)")
    }

    @Test("Another user's service stays another user's: forged GetConnectionUnixUser answers of the program's own uid never get it called, nor its signals reported", .actsAsOtherUser)
    func forgedUserNeverTrustsAnImpostor() throws {
        let bus = try PrivateBus()
        let impostor = try Impostor(on: bus)
        defer { impostor.process.stop() }
        let library = LibraryTests()
        let forger = try ReplyForger(body: "(uint32 \(getuid()),)", on: bus)
        let monitor = try library.start(Self.pythonClient, ["monitor"], on: bus)
        defer { monitor.process.stop() }

        for _ in 0..<20 {
            let run = try library.start(Self.pythonClient, on: bus)
            #expect(try run.process.waitForExit(seconds: 30) == .exited(1), "stdout: \(run.stdout) stderr: \(run.stderr)")
            #expect(run.stdout.hasPrefix("error time-picker-error-quark other-user: "), "stdout: \(run.stdout) stderr: \(run.stderr)")
        }
        #expect(forger.reachedAConnection, "the forger reached none of the picks' connections: \(forger.log)")
        #expect(!impostor.log.contains("call "), "the impostor was called:\n\(impostor.log)")
        try library.expectNothingReported(by: monitor, while: impostor, on: bus)
    }
}
