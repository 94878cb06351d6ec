import Glibc

/// What the figures were measured on: date, processors, kernel, and how busy the machine was.
struct MachineInfo {
    let date: String
    let processors: Int
    let cpuModel: String
    let kernel: String

    init() {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        date = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        processors = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        cpuModel = readWholeFile("/proc/cpuinfo")?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { String($0.drop { $0 == " " }) } ?? "unknown CPU"
        var names = utsname()
        uname(&names)
        kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The 1-minute load average now: other work on the machine skews the round trips.
    static var loadAverage: String {
        readWholeFile("/proc/loadavg")?.split(separator: " ").first.map(String.init) ?? "?"
    }

    var summary: String {
        "\(date); \(processors) CPUs (\(cpuModel)); Linux \(kernel)"
    }
}
