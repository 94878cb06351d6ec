import DBusKit
import Foundation
import TestHarness

/// What the daemon holds: its session objects, found by introspection, and its memory.
extension FuzzRun {
    /// The session objects below `node`: its child nodes, from Introspect (none when the node is gone).
    static func sessionPaths(under node: ObjectPath, client: BusClient) throws -> Set<ObjectPath> {
        let reply: [DBusValue]
        do {
            reply = try client.call("Introspect", path: node, interface: "org.freedesktop.DBus.Introspectable", seconds: 5)
        } catch let failure as DBusFailure where failure.name.rawValue == FuzzErrorNames.unknownObject {
            return []
        }
        guard case .string(let xml)? = reply.first else { throw HarnessError("Introspect of \(node) returned no string") }
        return Set(Self.childNodes(in: xml).compactMap { node.appending($0) })
    }

    /// Every session object the daemon exports, found by walking its introspection data.
    static func allSessionPaths(_ client: BusClient) throws -> [ObjectPath] {
        var sessions: [ObjectPath] = []
        var pending: [ObjectPath] = ["/io/github/timepickerd/TimePicker1"]
        while let path = pending.popLast() {
            guard case .string(let xml)? = try client.call("Introspect", path: path, interface: "org.freedesktop.DBus.Introspectable").first else {
                throw HarnessError("Introspect of \(path) returned no string")
            }
            if xml.contains("<interface name=\"io.github.timepickerd.TimePicker1.Session\">") { sessions.append(path) }
            pending += Self.childNodes(in: xml).compactMap { path.appending($0) }
        }
        return sessions
    }

    /// The names of the `<node name="…"/>` children in introspection data.
    private static func childNodes(in xml: String) -> [String] {
        xml.components(separatedBy: "<node name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The resident memory of process `pid` (VmRSS), in KiB.
    static func residentKiB(of pid: pid_t) throws -> Int {
        try statusField("VmRSS", ofProcess: pid)
    }
}
