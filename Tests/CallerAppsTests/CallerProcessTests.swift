@testable import CallerApps
@testable import SystemKit
import Glibc
import Testing

/// A caller's process is read through the descriptor the bus gave, or that the daemon opened as
/// the bus answered: what `/proc/PID` says counts only while that process still runs, since its
/// id may have passed to another.
@Suite("Callers' processes: read while they run, or not at all")
struct CallerProcessTests {
    /// Starts `/bin/sleep 60`, returning its id.
    static func sleeper() throws -> pid_t {
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("60"), nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&child, "/bin/sleep", nil, nil, arguments, environ)
        try #require(status == 0, "posix_spawn: \(status)")
        return child
    }

    @Test("A running process is named; once it has ended (a zombie, then reaped) its id, given to another process, names nothing")
    func endedAndReused() throws {
        let child = try Self.sleeper()
        let descriptor = try #require(ProcessDescriptor(processID: child))
        #expect(descriptor.isRunning)
        #expect(CallerApplicationLookup.identify(descriptor, languages: [], applicationDirectories: [])?.id == "sleep")

        kill(child, SIGKILL)
        // Ended but not reaped: its id is not free yet, and it asks nothing any more.
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) == 0)
        #expect(!descriptor.isRunning)
        var status: Int32 = 0
        #expect(waitpid(child, &status, 0) == child)
        #expect(!descriptor.isRunning)

        // The id passed to another process (here this test's own): what /proc says of it is
        // that process's, and the ended process's descriptor names nothing.
        let reused = ProcessDescriptor(taking: dup(descriptor.rawValue), uncheckedProcessID: getpid())
        #expect(CallerApplicationLookup.identify(reused, languages: [], applicationDirectories: []) == nil)
        let ours = try #require(ProcessDescriptor(processID: getpid()))
        #expect(CallerApplicationLookup.identify(ours, languages: [], applicationDirectories: []) != nil)
    }

    @Test("A received pidfd is taken with the id its fdinfo gives; anything else is refused and closed")
    func received() throws {
        let opened = try #require(ProcessDescriptor(processID: getpid()))
        let copy = dup(opened.rawValue)
        let taken = try #require(ProcessDescriptor(taking: copy))
        #expect(taken.processID == getpid() && taken.isRunning)
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        close(pipeEnds[1])
        #expect(ProcessDescriptor(taking: pipeEnds[0]) == nil)
        #expect(fcntl(pipeEnds[0], F_GETFD) == -1, "the descriptor that is no pidfd was closed")
    }
}
