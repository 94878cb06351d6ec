/// What `status` needs from an Introspect answer: the child nodes and the interfaces.
struct IntrospectionNodes {
    /// The names of the child `<node name="…"/>` elements, in document order.
    let children: [String]
    /// The names of the `<interface name="…">` elements.
    let interfaces: [String]

    /// Reads `xml` as the daemon writes it; a full XML parser would be a dependency for two
    /// attributes. Names with a '/' (a root node naming its own path) are not children.
    init(xml: String) {
        children = Self.attributeValues(after: "<node name=\"", in: xml).filter { !$0.contains("/") && !$0.isEmpty }
        interfaces = Self.attributeValues(after: "<interface name=\"", in: xml)
    }

    private static func attributeValues(after opening: String, in xml: String) -> [String] {
        var values: [String] = []
        var rest = Substring(xml)
        while let start = rest.firstRange(of: opening) {
            rest = rest[start.upperBound...]
            guard let quote = rest.firstIndex(of: "\"") else { break }
            values.append(String(rest[..<quote]))
            rest = rest[quote...]
        }
        return values
    }
}
