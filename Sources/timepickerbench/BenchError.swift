/// A failure of the benchmark's own set-up (a bus, a daemon, a terminal that cannot be made).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
