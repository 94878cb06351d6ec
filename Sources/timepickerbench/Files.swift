import Glibc

/// Everything in a file, read to its end (files in /proc report a size of 0).
func readWholeFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The names in a directory, without `.` and `..`.
func directoryEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// Writes `text` to a new file at `path`.
func writeFile(_ path: String, _ text: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw BenchError("cannot create \(path)") }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw BenchError("cannot write \(path)") }
}

/// Removes a directory and the files in it (one level of subdirectories, as the bench makes).
func removeDirectory(_ path: String) {
    for name in directoryEntries(path) {
        let child = "\(path)/\(name)"
        if unlink(child) != 0 {
            removeDirectory(child)
        }
    }
    rmdir(path)
}

/// A new private directory under /tmp.
func makeTemporaryDirectory(_ prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8)
    template.append(0)
    let made = template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkdtemp($0) != nil }
        } ?? false
    }
    guard made else { throw BenchError("cannot make a temporary directory") }
    return String(decoding: template.dropLast(), as: UTF8.self)
}

/// This process's environment, with `changes` applied (a nil value removes the variable).
func processEnvironment(with changes: [String: String?]) -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pair = entry.pointee {
        let text = String(cString: pair)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    for (key, value) in changes { result[key] = value }
    return result
}
