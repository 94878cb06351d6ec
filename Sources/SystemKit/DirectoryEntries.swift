internal import Glibc

/// Calls `body` with the name of each entry of the directory at `path` but `.` and `..`, as its
/// bytes without the terminating zero (valid only during the call), in the order the directory
/// gives; false when the directory cannot be opened. The one `readdir` loop: callers that only
/// count (descriptors in /proc/self/fd) make no string of each name.
@discardableResult
public func forEachDirectoryEntry(atPath path: String, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
        withUnsafeBytes(of: entry.pointee.d_name) { field in
            let name = UnsafeRawBufferPointer(rebasing: field.prefix { $0 != 0 })
            let isDotOrDotDot = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") } && !name.isEmpty
            if !isDotOrDotDot { body(name) }
        }
    }
    return true
}

/// The names in the directory at `path`, without `.` and `..`; nil when it cannot be opened.
public func directoryEntryNames(atPath path: String) -> [String]? {
    var names: [String] = []
    let opened = forEachDirectoryEntry(atPath: path) { names.append(String(decoding: $0, as: UTF8.self)) }
    return opened ? names : nil
}
