import TestHarness

/// A process's resident memory, from /proc/PID/status, in KiB.
struct ResidentMemory {
    let total: Int
    /// Private heap, stacks and other anonymous pages.
    let anonymous: Int
    /// Pages of mapped files: the executable and the shared libraries.
    let fileBacked: Int

    init?(pid: Int32) {
        guard let status = readWholeFile("/proc/\(pid)/status"), let total = statusField("VmRSS", in: status) else { return nil }
        self.total = total
        anonymous = statusField("RssAnon", in: status) ?? 0
        fileBacked = statusField("RssFile", in: status) ?? 0
    }

    var mebibytes: Double { Double(total) / 1024 }

    /// "11.48 MiB (anon 2.10, files 9.38)".
    var summary: String {
        "\(format(mebibytes, 2)) MiB (anon \(format(Double(anonymous) / 1024, 2)), files \(format(Double(fileBacked) / 1024, 2)))"
    }
}
