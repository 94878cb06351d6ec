import Glibc
import SystemKit
import Testing

@Suite("Writing everything, retrying after signals, reading files")
struct SystemCallHelperTests {
    /// A pipe whose ends are closed when the test ends.
    private final class Pipe {
        let reading: Int32
        let writing: Int32

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            reading = ends[0]
            writing = ends[1]
        }

        deinit {
            close(reading)
            close(writing)
        }

        /// Everything in the pipe now, read without waiting.
        func drain() -> [UInt8] {
            _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
                guard count > 0 else { return bytes }
                bytes += chunk[0..<count]
            }
        }
    }

    @Test("Every byte of a text arrives, in order")
    func writesEverything() throws {
        let pipe = try Pipe()
        let text = String(repeating: "zwölf Uhr ", count: 500)
        #expect(writeAll(text, to: pipe.writing) == .complete)
        #expect(pipe.drain() == Array(text.utf8))
        #expect(writeAll([UInt8](), to: pipe.writing) == .complete)
    }

    @Test("A full non-blocking descriptor says how much it took; the rest can follow")
    func blockedWriteSaysHowMuch() throws {
        let pipe = try Pipe()
        _ = fcntl(pipe.writing, F_SETFL, fcntl(pipe.writing, F_GETFL) | O_NONBLOCK)
        // More than a pipe holds (64 KiB by default, 1 MiB at most without privileges).
        let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0) }
        guard case .blocked(let written) = writeAll(bytes, to: pipe.writing) else {
            Issue.record("a pipe took \(bytes.count) bytes")
            return
        }
        #expect(written > 0 && written < bytes.count)
        // The rest, as a loop would send it each time the pipe is writable again.
        var received = pipe.drain()
        var offset = written
        while offset < bytes.count {
            switch writeAll(bytes[offset...], to: pipe.writing) {
            case .complete: offset = bytes.count
            case .blocked(let more): offset += more
            case .failed(_, let error): Issue.record("errno \(error)"); return
            }
            received += pipe.drain()
        }
        #expect(received == bytes)
    }

    @Test("A write whose reader is gone fails with EPIPE, having written nothing")
    func failedWrite() throws {
        let pipe = try Pipe()
        close(pipe.reading)
        // Ignored for good, as the daemon does: restoring the default while other tests of
        // this process write to pipes could kill them.
        signal(SIGPIPE, SIG_IGN)
        #expect(writeAll("lost", to: pipe.writing) == .failed(written: 0, errno: EPIPE))
    }

    @Test("A call interrupted by a signal is made again; its first real answer is returned")
    func retriesAfterInterrupts() {
        var calls = 0
        let result = retryingAfterInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
        calls = 0
        let failure = retryingAfterInterrupts { () -> Int in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(failure == -1 && calls == 1 && errno == EBADF)
    }

    @Test("A file is read to its end, /proc's included; too large or missing is nil")
    func readsFiles() throws {
        let status = try #require(readFile(atPath: "/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).contains("Pid:\t\(getpid())"))
        #expect(readFile(atPath: "/proc/self/status", maximumBytes: 10) == nil)
        #expect(readFile(atPath: "/nonexistent/file") == nil)
    }

    @Test("The device open on a descriptor: a terminal's is its number, /dev/null's 1:3")
    func deviceOfDescriptor() throws {
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(null >= 0)
        defer { close(null) }
        #expect(DeviceNumber(ofDeviceOpenOn: null) == DeviceNumber(major: 1, minor: 3))
        #expect(DeviceNumber(ofDeviceOpenOn: -1) == nil)
    }
}
