internal import Glibc
internal import SystemKit
public import TimePickerCore

/// The system's time-zone database (tzdata's TZif files under /usr/share/zoneinfo, or `TZDIR`),
/// read into the core's `ZoneRules`, with no Foundation: zones by name, and the process's own.
///
/// Each call reads the file again, and nothing is kept: a read of Europe/Berlin (open, read,
/// check, its rule spelled out to 2100) takes about 40 µs in a release build, less than a bus
/// round trip, and so a new tzdata or /etc/localtime is seen by the next session, with no
/// shared state to lock.
public struct ZoneDatabase: Sendable {
    /// Where tzdata puts its files.
    static let defaultDirectory = "/usr/share/zoneinfo"
    /// The largest file taken as a zone's (tzdata's are under 4 KiB).
    static let maximumFileBytes = 1 << 20

    /// The directory the zone files are in, without a trailing '/'.
    let directory: String

    /// The system's database: in `TZDIR` when it is set to an absolute path, as glibc reads it,
    /// else in /usr/share/zoneinfo.
    static let system = ZoneDatabase(directory: environmentVariable("TZDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? defaultDirectory)

    /// The database whose files are in `directory` (an absolute path).
    init(directory: String) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
    }

    /// The rules of the zone named `name` ("Europe/Berlin"); nil unless it is a zone name (see
    /// `ZoneName`) and the system's database holds a valid TZif file of that name.
    public static func rules(named name: String) -> ZoneRules? {
        system.rules(named: name)
    }

    /// The rules of the zone named `name` in this database; nil unless the name is valid and
    /// its file is there and valid.
    func rules(named name: String) -> ZoneRules? {
        guard ZoneName.isValid(name) else { return nil }
        return rules(atPath: directory + "/" + name, named: name)
    }

    /// The rules in the TZif file at `path` (links followed), named `name`; nil unless it is a
    /// regular file of at most `maximumFileBytes` and a valid TZif file.
    func rules(atPath path: String, named name: String) -> ZoneRules? {
        guard Self.isRegularFile(path), let bytes = readFile(atPath: path, maximumBytes: Self.maximumFileBytes) else { return nil }
        return Self.rules(tzif: bytes, named: name)
    }

    /// The rules a TZif file's bytes give, named `name`; nil when they are not a valid one.
    /// (For the fuzzer, which feeds it any bytes.)
    package static func rules(tzif bytes: [UInt8], named name: String) -> ZoneRules? {
        TZifFile(bytes).map { ZoneRules(name: name, file: $0) }
    }

    /// Whether `path` leads to a regular file (not a directory, device or FIFO).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// An environment variable of this process; nil when unset (empty when set empty).
    static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
