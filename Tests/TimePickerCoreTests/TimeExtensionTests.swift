import Testing
import TimePickerCore

/// `PickerEvent.extendTime`: the whole timeout again from when the person asks, as many times
/// as the caller's `timeout_extensions` allows (WCAG 2.2.1's "extend").
@Suite("Extending the time limit")
struct TimeExtensionTests {
    /// A picker with `timeout` seconds and `extensions` allowed, its limit running out at
    /// 30,000 ms on the monotonic clock, as the service starts it.
    private func picker(timeout: UInt32 = 30, extensions: UInt32) throws -> PickerModel {
        var model = PickerModel(options: try options(["timeout": .uint32(timeout), "timeout_extensions": .uint32(extensions)]))
        model.deadline = 30_000
        return model
    }

    @Test func theDefaultSpelledOutIsTakenWithoutATimeout() throws {
        let model = PickerModel(options: try options(["timeout": .uint32(0), "timeout_extensions": .uint32(0)]))
        #expect(model.timeoutExtensionsLeft == 0)
        #expect(try options(["timeout_extensions": .uint32(0)]).timeoutExtensions == 0)
    }

    @Test func anExtensionGivesTheWholeTimeoutAgainFromNowAndUsesOne() throws {
        var model = try picker(extensions: 2)
        #expect(model.timeoutExtensionsLeft == 2)
        #expect(model.state.canExtendTime)
        #expect(model.apply(.extendTime, now: 25_000) == nil)
        #expect(model.deadline == 55_000)
        #expect(model.timeoutExtensionsLeft == 1)
        #expect(model.apply(.extendTime, now: 50_500) == nil)
        #expect(model.deadline == 80_500)
        #expect(model.timeoutExtensionsLeft == 0)
        #expect(!model.state.canExtendTime)
    }

    @Test func noExtensionIsGivenOnceTheyAreUsed() throws {
        var model = try picker(extensions: 1)
        _ = model.apply(.extendTime, now: 10_000)
        #expect(model.deadline == 40_000)
        _ = model.apply(.extendTime, now: 20_000)
        #expect(model.deadline == 40_000)
        #expect(model.timeoutExtensionsLeft == 0)
    }

    @Test func withoutExtensionsTheLimitStays() throws {
        var model = try picker(extensions: 0)
        #expect(!model.state.canExtendTime)
        _ = model.apply(.extendTime, now: 10_000)
        #expect(model.deadline == 30_000)
    }

    @Test func withoutAClockReadingOrARunningLimitNothingChanges() throws {
        var model = try picker(extensions: 3)
        _ = model.apply(.extendTime)
        #expect(model.deadline == 30_000 && model.timeoutExtensionsLeft == 3)
        var notStarted = PickerModel(options: try options(["timeout": .uint32(30), "timeout_extensions": .uint32(3)]))
        #expect(!notStarted.state.canExtendTime)
        _ = notStarted.apply(.extendTime, now: 1_000)
        #expect(notStarted.deadline == nil && notStarted.timeoutExtensionsLeft == 3)
    }

    @Test func anExtensionMovesNoSelectionAndEndsTyping() throws {
        var model = try picker(extensions: 1)
        _ = model.apply(.type("9"))
        let before = (model.start, model.end)
        _ = model.apply(.extendTime, now: 1_000)
        #expect((model.start, model.end) == before)
        #expect(model.typed == "")
    }
}
