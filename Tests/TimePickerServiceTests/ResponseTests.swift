import DBusKit
import Testing
import TimePickerCore

/// Response: however a session ends, it goes out just before Selected or Cancelled, with the
/// code and the selection the person last saw. All through a fake bus and fake front ends.
@Suite("Response before every outcome")
struct ResponseTests {
    /// A way a session ends, and what its Response says.
    enum Ending: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case chosen, personCancels, cancelCall, callerLeaves, timeout, shutdown, noSuchInterface, frontEndLost
        var testDescription: String { rawValue }

        /// The outcome signal, as "Member argument".
        var outcome: String {
            switch self {
            case .chosen: "Selected 09:00 10:30"
            case .personCancels: "Cancelled user"
            case .cancelCall, .callerLeaves: "Cancelled caller"
            case .timeout: "Cancelled timeout"
            case .shutdown: "Cancelled shutdown"
            case .noSuchInterface, .frontEndLost: "Cancelled unavailable"
            }
        }
    }

    @Test("Response(code, results) goes out just before the outcome, with the last selection and the reason", arguments: Ending.allCases)
    func responseBeforeOutcome(_ ending: Ending) throws {
        let fixture = ServiceFixture()
        let caller = fixture.bus.connect()
        var options: [String: DBusValue] = [
            "step": .uint32(30), "start": .string("09:00"), "end": .string("10:30"), "handle_token": .string("r"),
        ]
        if ending == .timeout { options["timeout"] = .uint32(1) }
        if ending == .noSuchInterface { options["ui"] = .string("dialog") }
        // PickTimeRange: its caller is watched, so that leaving the bus ends the session.
        try fixture.call("PickTimeRange", [.vardict(options)], from: caller)
        var cancel: DBusMessage?
        switch ending {
        case .chosen, .personCancels, .frontEndLost:
            let session = try fixture.lastShown()
            let frontEnd = fixture.frontEnd()
            switch ending {
            case .chosen: frontEnd.personDoes(.confirm, in: session)
            case .personCancels: frontEnd.personDoes(.cancel, in: session)
            default: frontEnd.lose(session, reason: .unavailable, because: "the terminal hung up")
            }
        case .cancelCall:
            // ":1.1001" is "1_1001" in a path.
            let element = String(caller.rawValue.dropFirst().map { $0 == "." ? "_" : $0 })
            let path = try #require(ObjectPath("/io/github/timepickerd/TimePicker1/session/\(element)/r"))
            cancel = try fixture.call("Cancel", path: path, interface: ServiceFixture.sessionInterface)
        case .callerLeaves:
            fixture.bus.disconnect(caller)
            fixture.settle()
        case .timeout:
            fixture.turn(until: "the timeout", seconds: 3) { !fixture.bus.signals("Cancelled").isEmpty }
        case .shutdown:
            fixture.service.shutdown {}
        case .noSuchInterface:
            break
        }

        // The session's signals but its PropertiesChanged, in the order sent: Response, then the outcome.
        let ended = fixture.bus.sent { $0.kind == .signal && $0.member != "PropertiesChanged" }
        try #require(ended.map { $0.member?.rawValue } == ["Response", ending.outcome.split(separator: " ").first.map(String.init)])
        #expect(ended[0].path == ended[1].path)
        #expect(ended[0].interface == ServiceFixture.sessionInterface)
        #expect(try ended[1].arguments() == ending.outcome.split(separator: " ").dropFirst().map { .string(String($0)) })

        let reason = ending == .chosen ? nil : ending.outcome.split(separator: " ").last.map(String.init)
        var results: [String: DBusValue] = [
            "start": .string("09:00"), "end": .string("10:30"), "next_day": .boolean(false), "duration": .uint32(5400),
        ]
        if let reason { results["reason"] = .string(reason) }
        let code: UInt32 = switch ending {
        case .chosen: 0
        case .personCancels: 1
        default: 2
        }
        let arguments = try ended[0].arguments()
        #expect(arguments.count == 2 && arguments.first == .uint32(code) && arguments.last?.signature == "a{sv}")
        let entries = try #require(arguments.last?.stringKeyedEntries)
        #expect(entries.count == results.count, "each key once: \(entries.map(\.key))")
        #expect(Dictionary(entries, uniquingKeysWith: { first, _ in first }) == results.mapValues { .variant($0) })

        // Cancel()'s caller hears the outcome before its answer.
        if let cancel {
            let order = fixture.bus.sent { $0.kind == .signal && $0.member != "PropertiesChanged" || $0.replySerial == cancel.serial }
            #expect(order.map(\.kind) == [.signal, .signal, .methodReturn])
        }
    }
}
