internal import Glibc

/// Where the symbolic link at `path` points (`readlink`); nil when it is not one or cannot be
/// read. Also for `/proc`'s links: a process's executable, `/proc/self/exe`.
public func symbolicLinkTarget(atPath path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
