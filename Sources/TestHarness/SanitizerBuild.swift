import Glibc

/// The sanitizer this build of the project is instrumented with (`make sanitize`), if any. The
/// programs the tests start are the same build, so theirs too.
///
/// Under a sanitizer, time and memory measure the sanitizer: AddressSanitizer keeps freed
/// memory in quarantine and maps shadow memory, ThreadSanitizer makes every access several
/// times slower. Tests still check what happens, but not figures of latency or resident memory.
public enum SanitizerBuild {
    /// "address", "thread", or nil for a build without a sanitizer; read from the runtime's
    /// entry point, which only an instrumented process has.
    public static let name: String? = {
        let process = dlopen(nil, RTLD_NOW)
        defer { if let process { dlclose(process) } }
        if dlsym(process, "__asan_init") != nil { return "address" }
        if dlsym(process, "__tsan_init") != nil { return "thread" }
        return nil
    }()

    /// Whether figures of time and memory measure the project (no sanitizer).
    public static var measuresFigures: Bool { name == nil }

    /// How long to wait for something that is to happen, given how long a build without a
    /// sanitizer is given: three times as long under ThreadSanitizer, twice under
    /// AddressSanitizer. A wait is patience, not a figure: a dialog of 1,441 rows, shown while
    /// five other tests ran on the same two cores, took over 15 s under ThreadSanitizer in CI.
    public static func patience(_ seconds: Double) -> Double {
        switch name {
        case "thread": seconds * 3
        case "address": seconds * 2
        default: seconds
        }
    }
}
