import Foundation
import Glibc
import TestHarness
import Testing

/// bubblewrap, which the tests run a caller in as Flatpak does, and whether it can make a
/// sandbox on this machine: it cannot in a chroot (it fails to make the root a slave mount),
/// nor, for a user who is not root, where the kernel refuses unprivileged user namespaces.
/// Those machines could not run a Flatpak app either.
enum Bubblewrap {
    static let path = "/usr/bin/bwrap"

    /// Why bubblewrap cannot make a sandbox here (what it said), or nil when it can; asked once,
    /// by making one. A missing bwrap is not such a reason: `make deps` installs it, so a test
    /// that needs it runs and fails.
    static let cannotSandbox: String? = {
        guard FileManager.default.isExecutableFile(atPath: path), let directory = try? makeTemporaryDirectory(prefix: "bwrap") else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let result = try? CapturedCommand.run(
            path, ["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "/bin/true"], environment: [:], directory: directory)
        else { return nil }
        return result.termination == .exited(0) ? nil : result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    }()
}

extension Trait where Self == ConditionTrait {
    /// For a test that runs a caller in bubblewrap's sandbox: skipped with the reason where no
    /// sandbox can be made (a chroot; user namespaces refused), rather than failing there.
    static var makesSandbox: Self {
        .enabled(
            if: Bubblewrap.cannotSandbox == nil,
            "bubblewrap cannot make a sandbox on this machine (a chroot, or user namespaces refused), as Flatpak could not: run where it can to include it")
    }
}
