import Glibc
import SystemKit
import Testing

@Suite("What Linux says about processes, terminals and signals")
struct ProcessAndDeviceTests {
    @Test("Every signal that would end a process is in the list, real-time ones included; faults are not")
    func terminatingSignals() {
        let numbers = TerminatingSignals.all.map(\.signal)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU, SIGXFSZ] {
            #expect(numbers.contains(signal), "signal \(signal)")
        }
        for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS, SIGKILL, SIGSTOP, SIGPIPE, SIGCHLD, SIGWINCH] {
            #expect(!numbers.contains(fault), "signal \(fault)")
        }
        #expect(numbers.contains(__libc_current_sigrtmax()))
        #expect(TerminatingSignals.name(of: SIGUSR1) == "SIGUSR1")
        #expect(TerminatingSignals.name(of: __libc_current_sigrtmin() + 2) == "SIGRTMIN+2")
    }

    @Test("A /proc stat line: process group, session, controlling terminal and its foreground group", arguments: [
        ("4242 (bash) S 4200 4242 4242 34817 4300 4194304", 4242, 34817 as UInt32?, 4300, false),
        ("77 (weird) name)) R 1 77 70 34816 77 0", 77, 34816 as UInt32?, 77, true),
        ("9 (daemon) S 1 9 9 0 -1 0", 9, nil as UInt32?, nil as Int32?, false),
    ] as [(String, Int32, UInt32?, Int32?, Bool)])
    func processStatus(line: String, group: Int32, tty: UInt32?, foreground: Int32?, inForeground: Bool) throws {
        let status = try #require(ProcessStatus(statLine: Array(line.utf8)))
        #expect(status.processGroup == group)
        #expect(status.controllingTerminal == tty.map { DeviceNumber(ttyNumber: $0) })
        #expect(status.terminalForegroundGroup == foreground)
        #expect(status.isInTerminalForeground == inForeground)
    }

    @Test("Device numbers: /proc's encoding and stat's agree; pseudo-terminals have their path")
    func deviceNumbers() {
        // /dev/pts/1 is 136:1; /proc writes it 34817, stat gives makedev(136, 1).
        #expect(DeviceNumber(ttyNumber: 34817) == DeviceNumber(major: 136, minor: 1))
        #expect(DeviceNumber(stat: UInt64(136 << 8 | 1)) == DeviceNumber(major: 136, minor: 1))
        #expect(DeviceNumber(major: 136, minor: 1).pseudoTerminalPath == "/dev/pts/1")
        #expect(DeviceNumber(major: 137, minor: 4).pseudoTerminalPath == "/dev/pts/260")
        #expect(DeviceNumber(major: 4, minor: 1).pseudoTerminalPath == nil)
        // A minor number past 255 (the 300th pseudo-terminal) in both encodings.
        #expect(DeviceNumber(ttyNumber: UInt32(137 << 8 | 44)) == DeviceNumber(major: 137, minor: 44))
        // glibc's makedev(136, 300): the minor's high bits go above the major's.
        #expect(DeviceNumber(stat: UInt64(256 << 12 | 136 << 8 | 44)) == DeviceNumber(major: 136, minor: 300))
        #expect(DeviceNumber(ttyNumber: UInt32(256 << 12 | 136 << 8 | 44)) == DeviceNumber(major: 136, minor: 300))
    }
}
