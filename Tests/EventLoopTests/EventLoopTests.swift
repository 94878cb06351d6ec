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
}
