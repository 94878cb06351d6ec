internal import DBusKit
internal import TimePickerContract

/// Introspect replies: at the backend's object, the interface from the embedded file
/// (dbus/io.github.timepickerd.impl.TimePicker1.xml, comments included, to the letter) with the
/// standard interfaces; above it, the one child node that leads there.
enum BackendIntrospection {
    /// The reply for `path`, the backend's object or one of its ancestors.
    static func document(at path: ObjectPath) -> String {
        guard path != DialogBackendBus.path else {
            return IntrospectionXML.document(interfaces: [interfaceBlock], children: [])
        }
        return IntrospectionXML.document(
            interfaces: [], children: IntrospectionXML.children(of: path, among: [DialogBackendBus.path]), standard: false)
    }

    /// The interface's block of the embedded file, verbatim.
    private static let interfaceBlock: String = {
        let file = String(decoding: PackageResources.io_github_timepickerd_impl_TimePicker1_xml, as: UTF8.self)
        return IntrospectionXML.interfaceBlocks(in: file)[DialogBackendBus.interface.rawValue] ?? ""
    }()
}
