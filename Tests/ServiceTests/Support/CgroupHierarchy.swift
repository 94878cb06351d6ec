import Foundation
import Glibc
import Testing

/// The cgroup v2 hierarchy, where systemd makes the scope a desktop app runs in, and whether a
/// test can make a scope of its own there: it is mounted at /sys/fs/cgroup on a unified system
/// and at /sys/fs/cgroup/unified on a hybrid one (cgroup v1's controllers at /sys/fs/cgroup),
/// and may be missing (cgroup v1 alone; a chroot or container without it) or read-only (a
/// container's). Those machines could not run a desktop app in a scope either.
enum CgroupHierarchy {
    /// Where the cgroup v2 hierarchy is mounted; nil where it is not, as /proc/self/mountinfo says
    /// of /sys/fs/cgroup and /sys/fs/cgroup/unified (a directory there that is no cgroup2 mount, or
    /// one of cgroup v1's, does not count).
    static let unified: String? = {
        guard let mountinfo = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        // Each line: ID, parent, device, root, mount point, options, optional fields, "-", type, …;
        // of mounts at one point, the last is the one seen there.
        var types: [Substring: Substring] = [:]
        for line in mountinfo.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 4, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            types[fields[4]] = fields[dash + 1]
        }
        return ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"].first { types[Substring($0)] == "cgroup2" }
    }()

    /// Why a test cannot make a scope here; nil when it can.
    static let whyNoScope: String? = {
        guard getuid() == 0 else {
            return "makes a scope in the cgroup hierarchy, which only root may do: run the tests as root to include it"
        }
        guard let unified else {
            return "no cgroup v2 hierarchy here (neither /sys/fs/cgroup nor /sys/fs/cgroup/unified is cgroup2: cgroup v1 alone, "
                + "or a chroot or container without it), where systemd would put an app's scope: run where there is one to include it"
        }
        guard access(unified, W_OK) == 0 else {
            return "the cgroup v2 hierarchy at \(unified) is read-only here (a container's), so no scope can be made in it: "
                + "run where it is writable to include it"
        }
        return nil
    }()
}

extension Trait where Self == ConditionTrait {
    /// For a test that makes a systemd scope in the cgroup v2 hierarchy: skipped with the reason
    /// where it cannot (not root; no cgroup v2 hierarchy; a read-only one), rather than failing there.
    static var makesScope: Self {
        .enabled(if: CgroupHierarchy.whyNoScope == nil, "\(CgroupHierarchy.whyNoScope ?? "")")
    }
}
