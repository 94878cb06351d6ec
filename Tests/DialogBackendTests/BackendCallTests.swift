import DBusKit
@testable import DialogBackend
import Testing
import TimePickerCore

/// Reading a call to the backend: its header first, then a bounded body, as the daemon reads its own.
@Suite("Backend calls, read and bounded")
struct BackendCallTests {
    static let path: ObjectPath = "/io/github/timepickerd/impl/TimePicker1"
    static let interface: InterfaceName = "io.github.timepickerd.impl.TimePicker1"
    static let handle: ObjectPath = "/io/github/timepickerd/TimePicker1/session/1_1/t"

    private func call(_ member: MemberName, _ values: [DBusValue], path: ObjectPath = path, interface: InterfaceName? = interface) throws -> DBusMessage {
        let message = try DBusMessage.methodCall(destination: "io.github.timepickerd.Gtk", path: path, interface: interface, member: member)
        try message.append(contentsOf: values)
        return message
    }

    private func refusal(_ message: DBusMessage) -> DBusFailure? {
        do {
            _ = try BackendCall(message)
            return nil
        } catch {
            return error
        }
    }

    @Test("The three methods, with or without the interface named; options as the core reads them")
    func methods() throws {
        let options: DBusValue = .vardict([
            "title": .string("Lunch"), "step": .uint32(15), "overnight": .boolean(true), "future": .int64(1),
        ])
        #expect(try BackendCall(call("ShowPicker", [.objectPath(Self.handle), .string("x11:0x1a"), options])) == .showPicker(
            handle: Self.handle, parentWindow: "x11:0x1a",
            options: ["title": .string("Lunch"), "step": .uint32(15), "overnight": .boolean(true), "future": .other(signature: "x")]))
        #expect(try BackendCall(call("Update", [.objectPath(Self.handle), .vardict([:])], interface: nil)) == .update(handle: Self.handle, state: [:]))
        #expect(try BackendCall(call("Close", [.objectPath(Self.handle)])) == .close(handle: Self.handle))
    }

    @Test("Introspect at the object and above it, Properties at the object; nothing elsewhere")
    func standardInterfaces() throws {
        #expect(try BackendCall(call("Introspect", [], path: "/", interface: .introspectable)) == .introspect("/"))
        #expect(try BackendCall(call("Introspect", [], interface: .introspectable)) == .introspect(Self.path))
        #expect(try BackendCall(call("Get", [.string(Self.interface.rawValue), .string("Version")], interface: .properties))
            == .getProperty(interface: Self.interface.rawValue, name: "Version"))
        #expect(refusal(try call("Introspect", [], path: "/io/github/timepickerd/Gtk", interface: .introspectable))?.name == .unknownObject)
        #expect(refusal(try call("Activate", [.vardict([:])], path: "/io/github/timepickerd/Gtk", interface: "org.gtk.Application"))?.name == .unknownObject)
        #expect(refusal(try call("List", [], interface: "org.gtk.Actions"))?.name == .unknownMethod)
    }

    @Test("A wrong signature is refused from the header, before the body is read")
    func signatureFirst() throws {
        let failure = refusal(try call("ShowPicker", [.string(Self.handle.rawValue), .string(""), .vardict([:])]))
        #expect(failure?.name == .invalidArgs)
        #expect(failure?.message.contains("'osa{sv}'") == true, "\(failure?.message ?? "")")
    }

    @Test("More than 256 values, or 64 KiB of strings, are refused: the daemon's own bounds")
    func bounds() throws {
        let many = (0..<63).map { DBusValue.dictEntry(key: .string("k\($0)"), value: .variant(.string("x"))) }
        let tooMany = (0..<64).map { DBusValue.dictEntry(key: .string("k\($0)"), value: .variant(.string("x"))) }
        // Handle, parent and array: 3 values; four for each entry (entry, key, variant, value):
        // 63 entries make 255, 64 make 259.
        #expect(refusal(try call("ShowPicker", [.objectPath(Self.handle), .string(""), .array(elementSignature: "{sv}", elements: many)])) == nil)
        let failure = refusal(try call("ShowPicker", [.objectPath(Self.handle), .string(""), .array(elementSignature: "{sv}", elements: tooMany)]))
        #expect(failure?.name == .invalidArgs)
        #expect(failure?.message.contains("more values") == true, "\(failure?.message ?? "")")
        let long = String(repeating: "x", count: 64 * 1024)
        let strings = refusal(try call("ShowPicker", [.objectPath(Self.handle), .string(""), .vardict(["title": .string(long)])]))
        #expect(strings?.name == .invalidArgs)
        #expect(strings?.message.contains("bytes") == true, "\(strings?.message ?? "")")
    }

    @Test("An option given twice is refused, as the daemon refuses it")
    func duplicateOption() throws {
        let twice: DBusValue = .array(elementSignature: "{sv}", elements: [
            .dictEntry(key: .string("step"), value: .variant(.uint32(15))), .dictEntry(key: .string("step"), value: .variant(.uint32(30))),
        ])
        let failure = refusal(try call("ShowPicker", [.objectPath(Self.handle), .string(""), twice]))
        #expect(failure?.name == .invalidArgs)
        #expect(failure?.message == "option 'step' is given more than once")
    }
}
