import DBusKit
import DBusKitTesting
import EventLoop
import Testing

/// Watching connections leave the bus: once per departure, also for one gone before the watch,
/// with the match rule taken back.
@Suite("DepartureWatch")
struct DepartureWatchTests {
    /// Turns `loop` until nothing is left to do now.
    private func settle(_ loop: EventLoop) {
        for _ in 0..<20 { loop.runOnce(maximumWaitMilliseconds: 0) }
    }

    @Test("A watched name leaving is reported once; an unwatched one is not; the rule goes with unwatch")
    func departures() {
        let loop = EventLoop()
        let bus = FakeBus(loop: loop, defaultUser: 1000)
        bus.setMessageHandler { _ in false }
        let watch = DepartureWatch(bus: bus)
        var left: [BusName] = []
        watch.onLeft = { left.append($0) }
        bus.addSignalObserver { watch.handle($0) }
        let watched = bus.connect()
        let other = bus.connect()
        watch.watch(watched)
        watch.watch(watched)
        settle(loop)
        #expect(bus.matchRules.filter { $0.contains(watched.rawValue) }.count == 1)
        bus.disconnect(other)
        bus.disconnect(watched)
        settle(loop)
        #expect(left == [watched])
        watch.unwatch(watched)
        #expect(bus.matchRules.isEmpty)
    }

    @Test("A name already gone when it is watched is reported, from the bus's answer")
    func goneBeforeTheWatch() {
        let loop = EventLoop()
        let bus = FakeBus(loop: loop, defaultUser: 1000)
        let watch = DepartureWatch(bus: bus)
        var left: [BusName] = []
        watch.onLeft = { left.append($0) }
        let gone = bus.connect()
        bus.disconnect(gone)
        settle(loop)
        watch.watch(gone)
        settle(loop)
        #expect(left == [gone])
    }
}
