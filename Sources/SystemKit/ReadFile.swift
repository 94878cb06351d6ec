internal import Glibc

/// Everything in the file at `path`, read to its end (files in /proc report a size of 0); nil
/// when it cannot be opened or read, or holds more than `maximumBytes`.
///
/// Opened non-blocking: a FIFO put where a file was expected must not stall the reader.
public func readFile(atPath path: String, maximumBytes: Int = .max) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while contents.count <= maximumBytes {
        let count = chunk.withUnsafeMutableBytes { buffer in
            retryingAfterInterrupts { read(descriptor, buffer.baseAddress, buffer.count) }
        }
        guard count >= 0 else { return nil }
        if count == 0 { return contents }
        contents += chunk[0..<count]
    }
    return nil
}
