import DBusKit
import Foundation
import TestHarness
import Testing
import TimePicker

/// The Swift library's `TimePickerError`: one code per reason, the nicks of the table both
/// libraries share (docs/integration.md), and each answer a service or the bus gives mapped to
/// its code, against a stand-in service that answers as the test says.
@Suite("The Swift library's errors: the table's codes, each answer mapped", .timeLimit(.minutes(2)))
struct SwiftLibraryErrorTests {
    /// The table's nicks in its order (issue 38's agreed model; libtimepicker's enum has the same).
    static let tableNicks = [
        "user", "timeout", "caller", "shutdown", "unavailable", "service-unavailable", "vanished", "other-user",
        "invalid-reply", "invalid-args", "limits-exceeded", "already-showing", "interrupted", "failed",
    ]

    @Test("TimePickerError.Code lists every code of the table, in its order, each nick once")
    func everyCode() {
        #expect(TimePickerError.Code.allCodes.map(\.nick) == Self.tableNicks)
        #expect(Set(TimePickerError.Code.allCodes).count == Self.tableNicks.count)
    }

    /// A pick through the library on the bus at `address`, on the main actor: a task that needs
    /// no cooperative thread to start, which the tests' blocking waits may all hold.
    static func startPick(on address: String, _ configure: @escaping @MainActor (TimePickerAlert) -> Void = { _ in }) -> Task<TimePickerRange, any Error> {
        Task { @MainActor in
            let alert = SwiftLibraryTests.alert("Errors", on: address)
            configure(alert)
            return try await alert.pick()
        }
    }

    /// What a pick through the library ends with on the bus at `address`.
    static func pick(on address: String, _ configure: @escaping @MainActor (TimePickerAlert) -> Void = { _ in }) async -> Result<TimePickerRange, any Error> {
        await startPick(on: address, configure).result
    }

    /// An error answer of the service and the code, option and name it must read as.
    struct Answer: Sendable, CustomTestStringConvertible {
        let name: String
        let message: String
        let code: TimePickerError.Code
        var option: String?
        var testDescription: String { "\(name) \"\(message)\" → \(code.nick)" }
    }

    static let answers: [Answer] = [
        Answer(name: "io.github.timepickerd.TimePicker1.Error.NoUserInterface", message: "no terminal", code: .unavailable),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.LimitsExceeded", message: "at most 16 per caller", code: .limitsExceeded),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "user", code: .user),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "timeout", code: .timeout),
        // Nobody here cancelled it: another program did.
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "caller", code: .caller),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "shutdown", code: .shutdown),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "unavailable", code: .unavailable),
        Answer(name: "io.github.timepickerd.TimePicker1.Error.Cancelled", message: "lunch", code: .failed),
        Answer(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "option 'step': must divide 1440", code: .invalidArgs, option: "step"),
        Answer(name: "org.example.Error.Odd", message: "something odd", code: .failed),
    ]

    @Test("Each error the service answers with reads as its code", arguments: answers)
    func serviceErrors(_ answer: Answer) async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let pick = Self.startPick(on: address)
        let (call, _) = try service.nextPick()
        try service.answer(call, error: try #require(ErrorName(answer.name)), answer.message)
        let error = try #require(await pick.result.failure as? TimePickerError)
        #expect(error.code == answer.code, "\(error)")
        #expect(error.option == answer.option)
        #expect(error.message.contains(answer.message), "\(error.message)")
        // A session's end is a reason, not a failure of the call: it names no D-Bus error.
        let namesError = !answer.name.hasSuffix(".Error.Cancelled")
        #expect(error.dbusErrorName == (namesError ? answer.name : nil), "\(String(describing: error.dbusErrorName))")
    }

    @Test("An answer that is not a range reads as .invalidReply")
    func invalidReply() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let address = bus.address
        let pick = Self.startPick(on: address)
        let (call, _) = try service.nextPick()
        try service.answer(call, start: "nine", end: "five")
        let error = try #require(await pick.result.failure as? TimePickerError)
        #expect(error.code == .invalidReply, "\(error)")
    }

    @Test("Nobody providing the service, and the bus unable to start it: .serviceUnavailable")
    func missingService() async throws {
        let bus = try PrivateBus()
        let error = try #require(await Self.pick(on: bus.address).failure as? TimePickerError)
        #expect(error.code == .serviceUnavailable, "\(error)")
    }

    @Test("No bus at the address: .serviceUnavailable, saying so")
    func noBus() async throws {
        let error = try #require(await Self.pick(on: "unix:path=/nonexistent/bus").failure as? TimePickerError)
        #expect(error.code == .serviceUnavailable, "\(error)")
        #expect(error.message.contains("session bus"), "\(error.message)")
    }

    @Test("A value with no form on the bus (a step of 90 s, a negative count) is .invalidArgs naming the option, and nothing is sent")
    func unsendableValues() async throws {
        let bus = try PrivateBus()
        let service = try FakeService(bus: bus)
        let step = try #require(await Self.pick(on: bus.address) { $0.step = .seconds(90) }.failure as? TimePickerError)
        #expect(step.code == .invalidArgs && step.option == "step", "\(step)")
        let extensions = try #require(await Self.pick(on: bus.address) { $0.timeoutExtensions = -1 }.failure as? TimePickerError)
        #expect(extensions.code == .invalidArgs && extensions.option == "timeout_extensions", "\(extensions)")
        #expect(throws: (any Error).self) { _ = try service.bus.waitForMessage(seconds: 1, "a PickTimeRange call") { $0.member == "PickTimeRange" } }
    }
}
