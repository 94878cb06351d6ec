import Glibc

/// Writes `text` and a newline on stdout at once: the leak check runs for minutes and reports
/// as it goes.
func say(_ text: String) {
    let line = Array((text + "\n").utf8)
    var written = 0
    while written < line.count {
        let count = line[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        written += count
    }
}

/// The full path of `program` in a directory of `PATH`, if there is one.
func findInPath(_ program: String) -> String? {
    let directories = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
}
