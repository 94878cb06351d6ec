internal import Dispatch
public import EventLoop
internal import Glibc
public import SystemKit

/// Finds the application of callers' processes off the event loop: the files it reads
/// (`/proc/PID/…`, desktop entries) are read on a queue of its own, and each answer comes back
/// on the loop through its mailbox, so the daemon's loop never waits for a disk.
public final class CallerApplicationLookup {
    private let mailbox: LoopMailbox
    private let queue = DispatchQueue(label: "timepickerd.caller-applications")
    private let languages: [String]
    private let applicationDirectories: [String]

    /// Answers on `loop`. `languages` are the locale names whose desktop-entry names are
    /// preferred, in order; `environment` gives XDG_DATA_HOME, XDG_DATA_DIRS and HOME, where
    /// desktop entries are looked for.
    public init(loop: EventLoop, languages: [String], environment: [String: String]) throws(SystemError) {
        mailbox = try LoopMailbox(loop: loop)
        self.languages = languages
        applicationDirectories = Self.applicationDirectories(environment)
    }

    /// Calls `completion` on the loop with the application of process `processID`; nil when
    /// the process is gone or says nothing.
    public func identify(processID: UInt32, completion: @escaping (CallerApplication?) -> Void) {
        let box = CompletionBox(completion)
        let languages = languages
        let directories = applicationDirectories
        queue.async { [mailbox] in
            let application = Self.identify(processID: processID, languages: languages, applicationDirectories: directories)
            mailbox.post { box.completion(application) }
        }
    }

    /// The application of `processID`, from its files: blocking, for the queue.
    static func identify(processID: UInt32, languages: [String], applicationDirectories: [String]) -> CallerApplication? {
        let process = "/proc/\(processID)"
        if let info = readText("\(process)/root/.flatpak-info"), let id = ApplicationIdentification.flatpakAppID(in: info) {
            return CallerApplication(
                id: id, source: .flatpak, displayName: desktopName(of: id, languages: languages, in: applicationDirectories))
        }
        if let cgroup = readText("\(process)/cgroup"), let (id, source) = ApplicationIdentification.unitApplication(inCgroup: cgroup) {
            // A snap's desktop files are NAME_APP.desktop in snapd's directory.
            let names = source == .snap ? ["\(id)_\(id)"] : [id]
            let directories = source == .snap ? ["/var/lib/snapd/desktop/applications"] + applicationDirectories : applicationDirectories
            let displayName = names.lazy.compactMap { desktopName(of: $0, languages: languages, in: directories) }.first
            return CallerApplication(id: id, source: source, displayName: displayName)
        }
        guard let executable = executableName(of: process) else { return nil }
        return CallerApplication(id: executable, source: .executable, displayName: nil)
    }

    /// The executable's file name (`/proc/PID/exe`), else the kernel's short name (`comm`).
    private static func executableName(of process: String) -> String? {
        if let path = symbolicLinkTarget(atPath: "\(process)/exe") {
            // A deleted executable reads "/usr/bin/prog (deleted)".
            let name = path.split(separator: "/").last.map { String($0) }?.replacing(" (deleted)", with: "")
            if let name, !name.isEmpty { return name }
        }
        let short = readText("\(process)/comm").map { String($0.replacing("\n", with: "").trimmingWhitespace) }
        return short.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The Name of `id`.desktop in the first of `directories` that has it.
    private static func desktopName(of id: String, languages: [String], in directories: [String]) -> String? {
        for directory in directories {
            if let text = readText("\(directory)/\(id).desktop") {
                return ApplicationIdentification.desktopEntryName(in: text, languages: languages)
            }
        }
        return nil
    }

    /// A small text file's contents; nil when it cannot be read. Bounded: a desktop entry or a
    /// process's file is a few kilobytes, and a hostile one must not fill the memory.
    private static func readText(_ path: String) -> String? {
        readFile(atPath: path, maximumBytes: 64 * 1024).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `$XDG_DATA_HOME/applications` (default `~/.local/share`), then each of
    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`) with `/applications`.
    static func applicationDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { "\($0)/.local/share" }
        let shared = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([home].compactMap { $0 } + shared).map { "\($0)/applications" }
    }
}

/// A completion carried to the queue and back to the loop, where alone it is called.
private final class CompletionBox: @unchecked Sendable {
    // Unchecked: made and called on the loop's thread only; the queue only carries it.
    let completion: (CallerApplication?) -> Void
    init(_ completion: @escaping (CallerApplication?) -> Void) { self.completion = completion }
}
