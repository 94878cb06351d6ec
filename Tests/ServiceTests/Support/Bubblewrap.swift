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

    /// Whether bubblewrap can make a sandbox here; asked once, by making one. A missing bwrap
    /// counts as able: `make deps` installs it, so a test that needs it runs and fails.
    static let canSandbox: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path), let directory = try? makeTemporaryDirectory(prefix: "bwrap") else { return true }
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let result = try? CapturedCommand.run(
            path, ["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "/bin/true"], environment: [:], directory: directory)
        else { return true }
        return result.termination == .exited(0)
    }()
}

extension Trait where Self == ConditionTrait {
    /// For a test that runs a caller in bubblewrap's sandbox: skipped with the reason where no
    /// sandbox can be made (a chroot; user namespaces refused), rather than failing there.
    static var makesSandbox: Self {
        .enabled(
            if: Bubblewrap.canSandbox,
            "bubblewrap cannot make a sandbox on this machine (a chroot, or user namespaces refused), as Flatpak could not: run where it can to include it")
    }
}
