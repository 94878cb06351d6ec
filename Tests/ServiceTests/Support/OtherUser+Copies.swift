import Foundation
import Glibc
import TestHarness

/// The files a process run as the other user reads, copied out of the checkout: a checkout
/// where root naturally clones it (/root, mode 0700) is closed to that user.
extension OtherUser {
    /// Copies `files` into a directory made for the other user in `parent` (a private bus's
    /// directory, which lives as long as the processes on that bus) and returns the copies'
    /// paths, in order. Throws, naming what stops it, when the other user cannot reach a copy.
    static func copies(of files: [URL], in parent: URL) throws -> [String] {
        let directory = parent.appendingPathComponent("for-other-user")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Set apart from the umask, which may close it (0077).
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        return try files.map { file in
            let copy = directory.appendingPathComponent(file.lastPathComponent)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: file, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
            if let obstacle = obstacle(toReading: copy.path) {
                throw HarnessError(
                    "the other user (uid \(uid)) cannot read \(copy.path), a copy of \(file.path): \(obstacle) "
                        + "(the tests make their directories under TMPDIR, here \(FileManager.default.temporaryDirectory.path))")
            }
            return copy.path
        }
    }

    /// What keeps the other user from reading the file at `path` (a directory on the way it may
    /// not search, or the file itself), or nil when nothing does. Unix permissions only: the
    /// owner's, the group's or the others' bits, whichever apply to uid and gid 65534.
    static func obstacle(toReading path: String) -> String? {
        var prefix = ""
        let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        for (index, component) in components.enumerated() {
            prefix = index == 0 ? component : (prefix == "/" ? "" : prefix) + "/" + component
            var status = stat()
            guard stat(prefix, &status) == 0 else { return "\(prefix): \(String(cString: strerror(errno)))" }
            let isFile = index == components.count - 1
            let classShift: mode_t = status.st_uid == uid ? 6 : status.st_gid == gid ? 3 : 0
            let needed: mode_t = isFile ? 0o4 : 0o1
            if (status.st_mode >> classShift) & needed == 0 {
                let mode = String(status.st_mode & 0o7777, radix: 8)
                let what = isFile ? "it may not read it" : "it may not search this directory"
                return "\(prefix) has mode \(mode) and owner uid \(status.st_uid): \(what)"
            }
        }
        return nil
    }
}
