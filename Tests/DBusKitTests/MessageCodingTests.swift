import DBusKit
import Testing

/// Values survive a trip through a real libdbus message, and invalid ones never reach libdbus
/// (which would abort the process).
@Suite("Message encoding and decoding")
struct MessageCodingTests {
    static let samples: [DBusValue] = [
        .byte(7), .boolean(true), .int16(-3), .uint16(3), .int32(-70_000), .uint32(4_000_000_000),
        .int64(-5_000_000_000), .uint64(18_000_000_000_000_000_000), .double(2.5),
        .string("héllo"), .objectPath("/a/b_c"), .signature("a{sv}"),
        .array(elementSignature: "s", elements: [.string("x"), .string("y")]),
        .array(elementSignature: "i", elements: []),
        .vardict(["title": .string("T"), "step": .uint32(30)]),
        .structure([.string("s"), .variant(.variant(.int32(1)))]),
    ]

    static func message() throws -> DBusMessage {
        try DBusMessage.methodCall(destination: "org.example.Test", path: "/org/example", interface: "org.example.Test", member: "Echo")
    }

    @Test("Each value comes back as it went in", arguments: samples)
    func roundTrip(value: DBusValue) throws {
        let message = try Self.message()
        try message.append(value)
        #expect(try message.arguments() == [value])
        #expect(message.signature == value.signature)
    }

    @Test("A vardict's entries are readable by key")
    func vardictEntries() throws {
        let entries = try #require(DBusValue.vardict(["b": .uint32(2), "a": .string("1")]).stringKeyedEntries)
        #expect(entries.map(\.key) == ["a", "b"])
        #expect(entries.map(\.value) == [.variant(.string("1")), .variant(.uint32(2))])
    }

    @Test("Arrays whose elements do not match their signature are refused before libdbus sees them")
    func mismatchedArray() throws {
        let message = try Self.message()
        #expect(throws: DBusFailure.self) {
            try message.append(.array(elementSignature: "s", elements: [.uint32(1)]))
        }
        #expect(throws: DBusFailure.self) { try message.append(.signature("a{")) }
    }

    @Test("NUL characters are dropped from strings rather than truncating them")
    func nulInString() throws {
        let message = try Self.message()
        try message.append(.string("a\u{0}b"))
        #expect(try message.arguments() == [.string("ab")])
    }

    @Test("Names are validated", arguments: [
        ("/ok/path", true), ("/", true), ("no/slash", false), ("/trailing/", false), ("/a//b", false), ("/a-b", false),
    ])
    func objectPaths(text: String, valid: Bool) {
        // `text` is a variable, so this is the failable initialiser.
        #expect((ObjectPath(text) != nil) == valid)
    }

    @Test("A path one element deeper is what libdbus takes for the whole path, from the root too")
    func appendedElements() {
        let elements = ["t1", "1_42", "Abc_09", "_", "", "a-b", "a/b", "a.b", "é", "a b", "a\u{0}b", "/", "t1/"]
        for base in ["/", "/io/github/session"] {
            let path = ObjectPath(base)
            for element in elements {
                let whole = ObjectPath(base == "/" ? "/" + element : base + "/" + element)
                #expect(path?.appending(element) == whole, "\(base) + \(element.debugDescription)")
            }
        }
    }

    @Test("Bus, interface and error names are validated")
    func otherNames() {
        // Through variables: a literal argument would pick the literal initialiser instead.
        let names = (service: "io.github.timepickerd.TimePicker1", unique: ":1.42", bad: "nodots", emptyElement: "org..x")
        #expect(BusName(names.service) != nil)
        #expect(BusName(names.unique)?.isUnique == true)
        #expect(BusName(names.bad) == nil)
        #expect(InterfaceName(names.service) != nil)
        #expect(InterfaceName(names.emptyElement) == nil)
        #expect(ErrorName(names.service + ".Error.Bad") != nil)
        #expect(ErrorName(names.bad) == nil)
    }

    @Test("Answering a message that was never sent is refused instead of aborting in libdbus")
    func answerUnsent() throws {
        let call = try Self.message()
        #expect(throws: DBusFailure.self) { _ = try call.makeReturn() }
        #expect(throws: DBusFailure.self) { _ = try call.makeError(name: "org.example.Error.Bad", message: "bad") }
    }
}
