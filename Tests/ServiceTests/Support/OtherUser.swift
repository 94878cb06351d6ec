import Glibc
import Testing

/// Another Unix user, `nobody`, whom tests run a process as (through setpriv) to play a caller
/// or a server the daemon must not trust. Only root can switch to it.
enum OtherUser {
    static let uid: uid_t = 65534
    static let gid: gid_t = 65534
    /// What goes before a command to run it as the other user, with no supplementary groups, in
    /// /: the tests' working directory, the checkout, may be closed to it (python3-dbusmock
    /// looks for its template there first, and fails on EACCES).
    static let launcher = ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "/usr/bin/env", "--chdir=/"]
    /// Whether this process may switch to the other user: setpriv needs root's privilege for it.
    static var canActAs: Bool { geteuid() == 0 }
}

extension Trait where Self == ConditionTrait {
    /// For a test that runs a process as the other user: run as root (as CI does), skipped with
    /// the reason otherwise, rather than failing on setpriv's refusal.
    static var actsAsOtherUser: Self {
        .enabled(
            if: OtherUser.canActAs,
            "runs a process as another Unix user (nobody, uid 65534) through setpriv, which only root may do: run the tests as root to include it")
    }
}
