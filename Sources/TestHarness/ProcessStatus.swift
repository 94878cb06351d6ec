import Foundation

/// The number of a `Key:   value unit` line of a /proc status file (KiB for memory).
public func statusField(_ key: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        let digits = line.dropFirst(key.count + 1).drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber }
        return Int(digits)
    }
    return nil
}

/// The number of the line `key` of /proc/PID/status, such as `VmRSS` (KiB) or `voluntary_ctxt_switches`.
public func statusField(_ key: String, ofProcess pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let value = statusField(key, in: status) else { throw HarnessError("no \(key) for \(pid)") }
    return value
}
