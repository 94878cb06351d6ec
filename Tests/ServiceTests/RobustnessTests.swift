import DBusKit
import EventLoop
import Foundation
import Glibc
import TestHarness
import Testing

/// What a peer or a person can do that must not hurt the daemon.
@Suite("Robustness")
struct RobustnessTests {
    @Test("A call with a huge body is refused from its header, and the daemon stays responsive")
    func hugeBody() throws {
        let fixture = try Fixture()
        var options: [String: DBusValue] = [:]
        for index in 0..<20_000 { options["key\(index)"] = .string("value") }
        let tooMany = dbusError { _ = try fixture.client.showTimePicker(options) }
        #expect(tooMany?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(tooMany?.message.contains("more values") == true, "message: \(tooMany?.message ?? "")")
        // The wrong signature is refused before the body is read at all.
        let wrong = dbusError { _ = try fixture.client.call("ShowTimePicker", [.array(elementSignature: "s", elements: Array(repeating: .string("x"), count: 20_000))]) }
        #expect(wrong?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(wrong?.message.contains("a{sv}") == true)
        _ = try fixture.client.call("Ping", interface: "org.freedesktop.DBus.Peer")
    }

    @Test("Ctrl-Z and Ctrl-\\ in a picker neither stop nor kill the daemon")
    func suspendKeysDisabled() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handle = try fixture.client.showTimePicker()
        try screen.waitForScreen(containing: "Select start and end time")
        screen.type("\u{1A}\u{1C}")
        // Still running and answering; the picker still takes keys.
        #expect(try fixture.client.property("Version") == .uint32(1))
        screen.type("q")
        #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["user"])
        #expect(fixture.daemon.process.isRunning)
    }

    @Test("At shutdown, waiting pickers are not brought on screen one after another")
    func shutdownWithWaitingSessions() throws {
        let fixture = try Fixture()
        let screen = try fixture.screen
        let handles = try (0..<4).map { _ in try fixture.client.showTimePicker() }
        try screen.waitForScreen(containing: "3 more pickers waiting")
        fixture.daemon.send(SIGTERM)
        for handle in handles {
            #expect(try fixture.client.waitForSignal("Cancelled", path: handle).strings == ["shutdown"])
        }
        #expect(try fixture.daemon.waitForExit() == 0)
        let written = String(decoding: screen.rawOutput, as: UTF8.self)
        #expect(written.components(separatedBy: "\u{1B}[?1049h").count - 1 == 1, "the alternate screen was entered more than once")
        #expect(screen.isCooked)
    }
}

/// libdbus's timeouts driven by the event loop.
@Suite("Connection and loop")
struct ConnectionLoopTests {
    @Test("A call nobody answers times out once, and its timeout is not handled after libdbus freed it")
    func pendingCallTimeout() throws {
        let bus = try PrivateBus()
        let silent = try BusClient(bus: bus)  // never reads its messages
        let connection = try DBusConnection.connect(address: bus.address)
        let loop = EventLoop()
        connection.attach(to: loop)
        var replies: [DBusMessage] = []
        let call = try DBusMessage.methodCall(
            destination: BusName(silent.uniqueName), path: "/", interface: "org.example.Silent", member: "Wait")
        try connection.call(call, timeoutMilliseconds: 100) { replies.append($0) }
        // Long after the timeout: a timeout re-armed after libdbus freed it would be handled
        // again every 100 ms in this stretch (a use-after-free valgrind reports).
        loop.schedule(afterMilliseconds: 1000) { loop.stop() }
        loop.run()
        #expect(replies.count == 1)
        #expect(replies.first?.errorName == "org.freedesktop.DBus.Error.NoReply")
        withExtendedLifetime(silent) {}
    }

    @Test("A call given up never reaches its completion, which is released, even when the reply comes later")
    func pendingCallCancelled() throws {
        let bus = try PrivateBus()
        let callee = try DBusConnection.connect(address: bus.address)
        let connection = try DBusConnection.connect(address: bus.address)
        let loop = EventLoop()
        connection.attach(to: loop)
        final class Witness {}
        var witness: Witness? = Witness()
        weak let released = witness
        var replies = 0
        let call = try DBusMessage.methodCall(destination: callee.uniqueName, path: "/", interface: "org.example.Late", member: "Wait")
        let pending = try connection.call(call, timeoutMilliseconds: 500) { [witness] _ in
            withExtendedLifetime(witness) { replies += 1 }
        }
        witness = nil
        pending.cancel()
        #expect(!pending.isCompleted)
        // The callee answers after all; the timeout would have fired by the end too.
        loop.schedule(afterMilliseconds: 100) {
            while let received = callee.nextMessage(timeoutMilliseconds: 100) {
                if received.kind == .methodCall, let reply = try? received.makeReturn() { callee.send(reply) }
            }
            callee.flush()
        }
        loop.schedule(afterMilliseconds: 1000) { loop.stop() }
        loop.run()
        #expect(replies == 0)
        withExtendedLifetime(pending) { #expect(released == nil, "the completion is still held") }
    }
}
