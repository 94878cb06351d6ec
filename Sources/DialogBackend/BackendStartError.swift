/// Why the backend could not start; the message says what failed, in one line.
package struct BackendStartError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
