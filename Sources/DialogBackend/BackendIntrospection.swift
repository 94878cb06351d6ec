internal import DBusKit
internal import TimePickerContract

/// Introspect replies: at the backend's object, the interface from the embedded file
/// (dbus/io.github.timepickerd.impl.TimePicker1.xml, comments included, to the letter) with the
/// standard interfaces; above it, the one child node that leads there.
enum BackendIntrospection {
    /// The reply for `path`, the backend's object or one of its ancestors.
    static func document(at path: ObjectPath) -> String {
        var xml = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>

        """
        if path == DialogBackendBus.path {
            xml += standardInterfaces + interfaceBlock + "\n"
        } else {
            let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
            if let child = DialogBackendBus.path.rawValue.dropFirst(prefix.count).split(separator: "/").first {
                xml += "  <node name=\"\(child)\"/>\n"
            }
        }
        return xml + "</node>\n"
    }

    /// The `<interface …>…</interface>` block of the embedded file, verbatim.
    private static let interfaceBlock: String = {
        let file = String(decoding: PackageResources.io_github_timepickerd_impl_TimePicker1_xml, as: UTF8.self)
        guard let open = file.firstRange(of: "<interface name=\""), let close = file[open.upperBound...].firstRange(of: "</interface>") else {
            return ""
        }
        return "  " + file[open.lowerBound..<close.upperBound]
    }()

    /// Interfaces every object answers: libdbus answers Peer, the backend the other two.
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
