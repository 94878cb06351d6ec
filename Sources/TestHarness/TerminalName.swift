import Glibc

/// The path of the terminal open on `descriptor` (/dev/pts/3), or nil when it is none.
///
/// `ttyname_r`, not `ttyname`: tests run on many threads at once, and `ttyname` answers in one
/// buffer for the whole process, which another test's call may overwrite before it is read (a
/// test then opened another, closed terminal's name and failed now and then).
public func terminalName(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard ttyname_r(descriptor, &buffer, buffer.count) == 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
