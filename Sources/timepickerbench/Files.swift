import Glibc
internal import SystemKit

/// Everything in a file, read to its end (files in /proc report a size of 0).
func readWholeFile(_ path: String) -> String? {
    readFile(atPath: path).map { String(decoding: $0, as: UTF8.self) }
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
