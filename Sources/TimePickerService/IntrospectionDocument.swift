internal import DBusKit

/// Builds Introspect replies from the embedded interface file, dbus/io.github.timepickerd.TimePicker1.xml,
/// so the interface a peer sees is the documented one, comments included, to the letter.
struct IntrospectionDocument {
    /// Each `<interface …>…</interface>` block of the file, verbatim, by interface name.
    private let interfaceBlocks: [String: String]

    init(xml: String) {
        var blocks: [String: String] = [:]
        var rest = Substring(xml)
        while let open = rest.firstRange(of: "<interface name=\""),
              let close = rest[open.upperBound...].firstRange(of: "</interface>") {
            let nameEnd = rest[open.upperBound...].firstIndex(of: "\"") ?? open.upperBound
            let name = String(rest[open.upperBound..<nameEnd])
            blocks[name] = "  " + String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        interfaceBlocks = blocks
    }

    /// The embedded interface file.
    static let embedded = IntrospectionDocument(
        xml: String(decoding: PackageResources.io_github_timepickerd_TimePicker1_xml, as: UTF8.self))

    /// The verbatim block for `interface`, if the file documents it.
    func block(for interface: InterfaceName) -> String? { interfaceBlocks[interface.rawValue] }

    /// The reply for an object implementing `interfaces`, with `children` as its child nodes.
    func document(interfaces: [InterfaceName], children: [String]) -> String {
        var xml = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>

        """
        xml += Self.standardInterfaces
        for interface in interfaces {
            if let block = block(for: interface) { xml += block + "\n" }
        }
        for child in children { xml += "  <node name=\"\(child)\"/>\n" }
        xml += "</node>\n"
        return xml
    }

    /// The names of the nodes directly below `path`, among `exported` object paths.
    static func children(of path: ObjectPath, among exported: [ObjectPath]) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names: Set<String> = []
        for candidate in exported where candidate.isDescendant(of: path) {
            if let element = candidate.rawValue.dropFirst(prefix.count).split(separator: "/").first {
                names.insert(String(element))
            }
        }
        return names.sorted()
    }

    /// Interfaces every object answers, as libdbus and the service implement them.
    private static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg type="s" name="machine_uuid" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg type="s" name="xml_data" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="out"/>
            </method>
            <method name="GetAll">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="a{sv}" name="properties" direction="out"/>
            </method>
            <method name="Set">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg type="s" name="interface_name"/>
              <arg type="a{sv}" name="changed_properties"/>
              <arg type="as" name="invalidated_properties"/>
            </signal>
          </interface>

        """
}
