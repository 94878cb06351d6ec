internal import DBusKit

/// Builds Introspect replies from the embedded interface file, dbus/io.github.timepickerd.TimePicker1.xml,
/// so the interface a peer sees is the documented one, comments included, to the letter.
struct IntrospectionDocument {
    /// Each `<interface …>…</interface>` block of the file, verbatim, by interface name.
    private let interfaceBlocks: [String: String]

    init(xml: String) {
        interfaceBlocks = IntrospectionXML.interfaceBlocks(in: xml)
    }

    /// The embedded interface file.
    static let embedded = IntrospectionDocument(
        xml: String(decoding: PackageResources.io_github_timepickerd_TimePicker1_xml, as: UTF8.self))

    /// The verbatim block for `interface`, if the file documents it.
    func block(for interface: InterfaceName) -> String? { interfaceBlocks[interface.rawValue] }

    /// The reply for an object implementing `interfaces`, with `children` as its child nodes.
    func document(interfaces: [InterfaceName], children: [String]) -> String {
        IntrospectionXML.document(interfaces: interfaces.compactMap(block(for:)), children: children)
    }
}
