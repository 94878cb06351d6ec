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

    /// Calls `completion` on the loop with the application of the process `descriptor` names
    /// (the bus's `ProcessFD`), else of the process that has `processID` now (opened here, on
    /// the loop, as the bus's answer comes in: the sooner, the less time for the id to pass
    /// to another process); nil when the process is gone, or its id was reused while it was
    /// read, or it says nothing.
    public func identify(
        processID: UInt32, descriptor: ProcessDescriptor?, completion: @escaping (CallerApplication?) -> Void
    ) {
        guard let process = descriptor ?? ProcessDescriptor(processID: Int32(bitPattern: processID)) else { return completion(nil) }
        let box = CompletionBox(completion)
        let languages = languages
        let directories = applicationDirectories
        queue.async { [mailbox] in
            let application = Self.identify(process, languages: languages, applicationDirectories: directories)
            mailbox.post { box.completion(application) }
        }
    }

    /// The application of `process`, from its files: blocking, for the queue. Nil when the
    /// process ended before its files were all read: they may then be another process's, which
    /// was given its id.
    static func identify(_ process: ProcessDescriptor, languages: [String], applicationDirectories: [String]) -> CallerApplication? {
        let found = identify(processID: process.processID, languages: languages, applicationDirectories: applicationDirectories)
        return process.isRunning ? found : nil
    }

    /// The application of the process that has `processID`, from its files.
    private static func identify(processID: Int32, languages: [String], applicationDirectories: [String]) -> CallerApplication? {
        let process = "/proc/\(processID)"
        if let info = readText("\(process)/root/.flatpak-info"), let id = ApplicationIdentification.flatpakAppID(in: info) {
            return CallerApplication(
                id: id, source: .flatpak, displayName: desktopName(of: id, languages: languages, in: applicationDirectories))
        }
        // A snap's confinement (its AppArmor profile, which only snapd loads) is the system's
        // word; a scope named `snap.NAME.….scope` is anyone's to make.
        let label = readText("\(process)/attr/apparmor/current") ?? readText("\(process)/attr/current")
        if let name = label.flatMap(ApplicationIdentification.snapName(inAppArmorLabel:)) {
            return CallerApplication(id: name, source: .snap, displayName: snapDesktopName(of: name, languages, applicationDirectories))
        }
        if let cgroup = readText("\(process)/cgroup"), let (id, isSnap) = ApplicationIdentification.unitApplication(inCgroup: cgroup) {
            let displayName = isSnap
                ? snapDesktopName(of: id, languages, applicationDirectories)
                : desktopName(of: id, languages: languages, in: applicationDirectories)
            return CallerApplication(id: id, source: .systemdUnit, displayName: displayName)
        }
        guard let executable = executableName(of: process) else { return nil }
        return CallerApplication(id: executable, source: .executable, displayName: nil)
    }

    /// The Name of snap `name`'s desktop file: NAME_NAME.desktop in snapd's directory.
    private static func snapDesktopName(of name: String, _ languages: [String], _ directories: [String]) -> String? {
        desktopName(of: "\(name)_\(name)", languages: languages, in: ["/var/lib/snapd/desktop/applications"] + directories)
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
