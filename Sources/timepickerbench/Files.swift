import Glibc
internal import SystemKit

/// Everything in a file, read to its end (files in /proc report a size of 0).
func readWholeFile(_ path: String) -> String? {
    readFile(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}
