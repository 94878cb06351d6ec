import DBusKit

/// Calls on sessions, properties, introspection, Peer, and members nobody has.
extension FuzzCallMaker {
    mutating func sessionCall(senders: [String], sessions: [ObjectPath]) -> FuzzCall {
        let useOpen = input.chance(0.6)
        let index = input.int(0...1_000_000)
        let aimed = Self.sessionPath(sender: input.pick(senders), token: input.pick(Self.tokens + ["t\(input.int(1...400))"]))
        let path = useOpen && !sessions.isEmpty ? sessions[index % sessions.count] : aimed
        let session = Self.sessionInterface.rawValue
        func make(_ interface: InterfaceName?, _ member: String, _ arguments: [DBusValue], _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .sessionCall, path: path, interface: interface, member: member, arguments: arguments, expected: expected.orGone)
        }
        switch input.int(0...9) {
        case 0, 1: return make(input.chance(0.8) ? Self.sessionInterface : nil, "Cancel", [], .success)
        case 2:
            return make(Self.sessionInterface, "Cancel", (0..<input.int(1...3)).map { _ in input.value() },
                        .error(FuzzErrorNames.invalidArgs, mentioning: ["Cancel takes"]))
        case 3: return make(Self.managerInterface, "Cancel", [], .error(FuzzErrorNames.unknownMethod))
        case 4: return make(Self.properties, "Get", [.string(input.pick(["", session])), .string(input.pick(["Title", "Start", "End"]))], .success)
        case 5:
            if input.chance(0.5) {
                return make(Self.properties, "Get", [.string(Self.managerInterface.rawValue), .string("Version")], .error(FuzzErrorNames.unknownInterface))
            }
            var name = input.text()
            if ["Title", "Start", "End"].contains(name) { name += "?" }
            return make(Self.properties, "Get", [.string(input.pick(["", session])), .string(name)], .error(FuzzErrorNames.unknownProperty))
        case 6:
            let interface = input.pick(["", session, input.text()])
            return make(Self.properties, "GetAll", [.string(interface)],
                        interface.isEmpty || interface == session ? .success : .error(FuzzErrorNames.unknownInterface))
        case 7:
            return make(Self.properties, "Set", [.string(session), .string(input.pick(["Title", "Start", "End"])), .variant(input.value())],
                        .error(FuzzErrorNames.propertyReadOnly))
        case 8: return make(Self.introspectable, "Introspect", [], .success)
        default:
            return make(Self.managerInterface, showOrPick(), [.vardict([:])], .error(FuzzErrorNames.unknownMethod))
        }
    }

    mutating func managerProperties() -> FuzzCall {
        let onManager = input.chance(0.8)
        let path = onManager ? Self.manager : input.pick(Self.ancestors)
        let interface = input.pick(["", Self.managerInterface.rawValue, Self.sessionInterface.rawValue, input.text()])
        let name = input.pick(["Version", "UserInterface", "Title", "Start", input.text()])
        let ownInterface = onManager && (interface.isEmpty || interface == Self.managerInterface.rawValue)
        let known = ["Version", "UserInterface"].contains(name)
        func make(_ member: String, _ arguments: [DBusValue], _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .managerProperties, path: path, interface: Self.properties, member: member, arguments: arguments, expected: expected)
        }
        switch input.int(0...4) {
        case 0:
            return make("Get", [.string(interface), .string(name)],
                        !ownInterface ? .error(FuzzErrorNames.unknownInterface) : known ? .success : .error(FuzzErrorNames.unknownProperty))
        case 1:
            return make("GetAll", [.string(interface)], ownInterface ? .success : .error(FuzzErrorNames.unknownInterface))
        case 2:
            return make("Set", [.string(interface), .string(name), .variant(input.value())],
                        !ownInterface ? .error(FuzzErrorNames.unknownInterface)
                            : known ? .error(FuzzErrorNames.propertyReadOnly) : .error(FuzzErrorNames.unknownProperty))
        case 3:
            let member = input.pick(["Get", "GetAll", "Set"])
            let wanted = ["Get": "ss", "GetAll": "s", "Set": "ssv"][member] ?? ""
            var arguments = (0..<input.int(0...4)).map { _ in input.value() }
            if arguments.map(\.signature).joined() == wanted { arguments.append(.string("extra")) }
            return make(member, arguments, .error(FuzzErrorNames.invalidArgs, mentioning: ["takes arguments of type '\(wanted)'"]))
        default:
            return make(input.pick(["GetAlll", "get", "Del", input.word(length: 1...255)]), [.string("")], .error(FuzzErrorNames.unknownMethod))
        }
    }

    mutating func introspect(senders: [String]) -> FuzzCall {
        let sender = input.pick(senders)
        // nil: the node exists only while some session does.
        let (path, exists): (ObjectPath, Bool?) = input.pick([
            (Self.manager, true), (input.pick(Self.ancestors), true), ("/io/github/timepickerd/TimePicker1/session", nil),
            (Self.sessionPath(sender: sender, token: nil), nil), (Self.sessionPath(sender: sender, token: input.pick(Self.tokens)), nil),
            (unknownPath(), false),
        ])
        let arguments = input.chance(0.2) ? (0..<input.int(1...3)).map { _ in input.value() } : []
        let expected: FuzzExpectation = !arguments.isEmpty ? .error(FuzzErrorNames.invalidArgs, mentioning: ["takes arguments of type ''"])
            : exists == true ? .success : exists == false ? .error(FuzzErrorNames.unknownObject) : FuzzExpectation.success.orGone
        return FuzzCall(family: .introspect, path: path, interface: Self.introspectable, member: "Introspect", arguments: arguments, expected: expected)
    }

    mutating func peer() -> FuzzCall {
        let member = input.pick(["Ping", "GetMachineId", "Ping", "Pong", input.word()])
        let path = input.pick([Self.manager, "/", unknownPath()])
        let arguments = input.chance(0.3) ? [input.value()] : []
        let expected: FuzzExpectation = ["Ping", "GetMachineId"].contains(member) ? .success : .error(FuzzErrorNames.unknownMethod)
        return FuzzCall(family: .peer, path: path, interface: "org.freedesktop.DBus.Peer", member: member, arguments: arguments, expected: expected)
    }

    mutating func unknownMember() -> FuzzCall {
        var member = input.word(length: 1...255)
        if ["ShowTimePicker", "PickTimeRange", "Cancel", "Introspect", "Get", "GetAll", "Set", "Ping", "GetMachineId"].contains(member) {
            member += "X"
        }
        let arguments = (0..<input.int(0...2)).map { _ in input.value() }
        let randomInterface = InterfaceName("\(input.word()).\(input.word())") ?? "org.example.Fuzz"
        let unknownMethod = FuzzExpectation.error(FuzzErrorNames.unknownMethod)
        func make(_ path: ObjectPath, _ interface: InterfaceName?, _ member: String, _ expected: FuzzExpectation) -> FuzzCall {
            FuzzCall(family: .unknownMember, path: path, interface: interface, member: member, arguments: arguments, expected: expected)
        }
        switch input.int(0...6) {
        case 0: return make(Self.manager, Self.managerInterface, member, unknownMethod)
        case 1: return make(Self.manager, randomInterface, input.pick([member, "ShowTimePicker"]), unknownMethod.or(FuzzErrorNames.unknownInterface))
        case 2: return make(Self.manager, nil, member, unknownMethod)
        case 3:
            return make(unknownPath(), input.pick([nil, Self.managerInterface, randomInterface]), input.pick([member, "ShowTimePicker", "Cancel"]),
                        .error(FuzzErrorNames.unknownObject))
        case 4: return make(input.pick([Self.manager] + Self.ancestors), input.pick([nil, Self.sessionInterface]), "Cancel", unknownMethod)
        case 5: return make(input.pick([Self.manager] + Self.ancestors), Self.sessionInterface, showOrPick(), unknownMethod)
        default: return make(Self.manager, input.pick([nil, Self.managerInterface]), input.pick(["Get", "GetAll", "Introspect", "Set"]), unknownMethod)
        }
    }

}
