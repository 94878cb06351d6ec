import TimePicker
import TimePickerCore
import Testing

/// The Swift library's cancel reasons and the words the service's Cancelled signal says them in.
@Suite("Cancel reasons: the words on the bus and the library's cases")
struct CancelReasonTests {
    @Test("Each reason the daemon sends reads as a case of its own, which says the same word back", arguments: CancelReason.allCases)
    func knownReason(_ reason: CancelReason) {
        let read = TimePickerCancelReason(reason.rawValue)
        #expect(read != .other(reason.rawValue))
        #expect(read.description == reason.rawValue)
    }

    @Test("No two of the daemon's reasons read as the same case")
    func distinctReasons() {
        #expect(Set(CancelReason.allCases.map { TimePickerCancelReason($0.rawValue) }).count == CancelReason.allCases.count)
    }

    @Test("A word a later service may send is kept as it came")
    func laterReason() {
        #expect(TimePickerCancelReason("lunch") == .other("lunch"))
        #expect(TimePickerCancelReason("lunch").description == "lunch")
        #expect(TimePickerCancelReason("User") == .other("User"), "words are compared exactly")
    }
}
