/// A failure of the harness itself (a bus, a terminal, a process that cannot be set up or that
/// does not do what was waited for), with what went wrong.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
