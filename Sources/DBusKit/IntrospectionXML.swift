/// Introspect replies put together from documented interface files: each interface's block
/// verbatim (comments included, so a peer reads the documented interface to the letter), the
/// interfaces every object answers, and the child nodes.
public enum IntrospectionXML {
    /// Each `<interface …>…</interface>` block of `xml`, verbatim and indented as in a node, by
    /// interface name.
    public static func interfaceBlocks(in xml: String) -> [String: String] {
        var blocks: [String: String] = [:]
        var rest = Substring(xml)
        while let open = rest.firstRange(of: "<interface name=\""),
              let close = rest[open.upperBound...].firstRange(of: "</interface>") {
            let nameEnd = rest[open.upperBound...].firstIndex(of: "\"") ?? open.upperBound
            let name = String(rest[open.upperBound..<nameEnd])
            blocks[name] = "  " + String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return blocks
    }

    /// A reply for a node: the standard interfaces (when `standard`: an object, not a node on
    /// the way to one), then the `interfaces` blocks, then a `<node>` for each of `children`.
    public static func document(interfaces: [String], children: [String], standard: Bool = true) -> String {
        var xml = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>

        """
        if standard { xml += standardInterfaces }
        for block in interfaces { xml += block + "\n" }
        for child in children { xml += "  <node name=\"\(child)\"/>\n" }
        return xml + "</node>\n"
    }

    /// The names of the nodes directly below `path`, among the object paths `exported`.
    public static func children(of path: ObjectPath, among exported: [ObjectPath]) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names: Set<String> = []
        for candidate in exported where candidate.isDescendant(of: path) {
            if let element = candidate.rawValue.dropFirst(prefix.count).split(separator: "/").first {
                names.insert(String(element))
            }
        }
        return names.sorted()
    }

    /// Interfaces every object answers: libdbus answers Peer; the object the other two.
    static let standardInterfaces = """
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
