import EventLoop
import Glibc
import Testing

/// The loop runs timers in deadline order, descriptors when ready, and deferred work first.
@Suite("EventLoop")
struct EventLoopTests {
    @Test("Timers fire in deadline order; a cancelled one never fires")
    func timers() {
        let loop = EventLoop()
        var fired: [String] = []
        loop.schedule(afterMilliseconds: 30) { fired.append("late"); loop.stop() }
        loop.schedule(afterMilliseconds: 1) { fired.append("early") }
        let cancelled = loop.schedule(afterMilliseconds: 10) { fired.append("cancelled") }
        cancelled.cancel()
        loop.run()
        #expect(fired == ["early", "late"])
    }

    @Test("AllOrDeadline calls its handler once: after every finish, or at the deadline, or at once for none")
    func allOrDeadline() {
        let loop = EventLoop()
        var calls: [String] = []
        _ = AllOrDeadline(count: 0, atMostMilliseconds: 1000, on: loop) { calls.append("none") }
        #expect(calls == ["none"])

        let all = AllOrDeadline(count: 2, atMostMilliseconds: 10_000, on: loop) { calls.append("all") }
        all.finishedOne()
        #expect(calls == ["none"])
        all.finishedOne()
        #expect(calls == ["none", "all"])

        let late = AllOrDeadline(count: 2, atMostMilliseconds: 20, on: loop) { calls.append("deadline") }
        late.finishedOne()
        loop.schedule(afterMilliseconds: 60) { loop.stop() }
        loop.run()
        late.finishedOne()
        #expect(calls == ["none", "all", "deadline"], "once, and not again when the last one finishes late")
    }

    @Test("A readable descriptor wakes the loop; a disabled watch does not")
    func descriptors() throws {
        let loop = EventLoop()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var reads = 0
        let watch = loop.watch(ends[0], for: .readable) { events in
            #expect(events.contains(.readable))
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            reads += 1
            loop.stop()
        }
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
        loop.run()
        #expect(reads == 1)

        watch.isEnabled = false
        _ = write(ends[1], &byte, 1)
        loop.schedule(afterMilliseconds: 20) { loop.stop() }
        loop.run()
        #expect(reads == 1)
    }

    @Test("Deferred work runs before the loop sleeps, in order")
    func deferred() {
        let loop = EventLoop()
        var order: [Int] = []
        loop.runSoon { order.append(1); loop.runSoon { order.append(3); loop.stop() } }
        loop.runSoon { order.append(2) }
        loop.run()
        #expect(order == [1, 2, 3])
    }

    @Test("Each deferred work runs once, on the turn after it was deferred, also when work turns the loop, turn after turn")
    func deferredOnce() {
        let loop = EventLoop()
        var runs: [String] = []
        for turn in 0..<4 {
            loop.runSoon {
                runs.append("a\(turn)")
                loop.runSoon { runs.append("inner\(turn)") }
                // Work that turns the loop itself: the work deferred just now runs there, once.
                loop.runOnce(maximumWaitMilliseconds: 0)
            }
            loop.runSoon { runs.append("b\(turn)") }
            loop.runOnce(maximumWaitMilliseconds: 0)
            loop.runOnce(maximumWaitMilliseconds: 0)
        }
        #expect(runs == (0..<4).flatMap { ["a\($0)", "inner\($0)", "b\($0)"] })
    }

    @Test("Signals arrive as loop work through the signalfd")
    func signals() throws {
        let loop = EventLoop()
        var received: [Int32] = []
        let source = try SignalSource(signals: [SIGUSR2], loop: loop) { signal in
            received.append(signal)
            loop.stop()
        }
        // The mask is per thread: send the signal to this one.
        pthread_kill(pthread_self(), SIGUSR2)
        loop.schedule(afterMilliseconds: 5000) { loop.stop() }
        loop.run()
        withExtendedLifetime(source) {}
        #expect(received == [SIGUSR2])
    }

    @Test("A watch on a descriptor that was closed is reported once and dropped: the loop sleeps again")
    func invalidDescriptor() throws {
        let loop = EventLoop()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        // Other tests open descriptors on other threads at the same time, and a new one takes
        // the lowest free number: the number closed here must be one nobody is given meanwhile,
        // the highest this process may have rather than the pipe's own.
        let descriptor = Int32(sysconf(Int32(_SC_OPEN_MAX))) - 1
        try #require(descriptor > ends[0] && dup2(ends[0], descriptor) == descriptor)
        close(ends[0])
        var handled: [IOEvents] = []
        var reported: [Int32] = []
        loop.onInvalidDescriptor = { reported.append($0) }
        loop.watch(descriptor, for: .readable) { handled.append($0) }
        close(descriptor)
        for _ in 0..<3 { loop.runOnce(maximumWaitMilliseconds: 0) }
        #expect(reported == [descriptor])
        #expect(handled.count == 1 && handled[0].contains(.invalid) && handled[0].contains(.error))
        // Nothing is left to wake the loop: it sleeps the whole time it is given.
        let started = MonotonicClock.now()
        loop.runOnce(maximumWaitMilliseconds: 100)
        #expect(MonotonicClock.now() - started >= 90)
    }
}
