import Foundation
internal import SystemKit
import TestHarness

/// Runs `body(index)` on `count` threads of their own, all at once, and returns their results
/// in index order once every one has finished.
func onThreads<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let results = ResultSlots<Result>(count: count)
    let finished = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            results.store(body(index), at: index)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { finished.wait() }
    return results.all
}

/// One slot per thread for its result.
private final class ResultSlots<Result: Sendable>: Sendable {
    private let slots: Locked<[Result?]>
    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }
    func store(_ result: Result, at index: Int) { slots.withLock { $0[index] = result } }
    var all: [Result] { slots.withLock { $0.compactMap { $0 } } }
}

/// A line threads wait at until all have arrived, so that they start (or go on) together.
final class Barrier: Sendable {
    private let parties: Int
    private let state = Locked<(arrived: Int, generation: Int)>((0, 0))

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() {
        let generation = state.withLock { state in
            let generation = state.generation
            state.arrived += 1
            if state.arrived == parties {
                state.arrived = 0
                state.generation += 1
            }
            return generation
        }
        while state.withLock({ $0.generation }) == generation { pause(seconds: 0.0005) }
    }
}
