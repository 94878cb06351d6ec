import Glibc
internal import SystemKit

/// Writes `text` and a newline on stdout at once: the leak check runs for minutes and reports
/// as it goes.
func say(_ text: String) {
    StandardStream.output.write(text + "\n")
}

/// The full path of `program` in a directory of `PATH`, if there is one.
func findInPath(_ program: String) -> String? {
    let directories = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
}
