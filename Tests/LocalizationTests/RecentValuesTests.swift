import Localization
import Testing

/// Values made once per key, the most recent few kept.
@Suite("RecentValues")
struct RecentValuesTests {
    @Test("A value is made once per key; beyond the capacity the oldest made goes; nil is not kept")
    func keptAndBounded() {
        let values = RecentValues<String, Int>(capacity: 2)
        var made = 0
        let make = { () -> Int in
            made += 1
            return made
        }
        #expect(values.value(for: "de", orMake: make) == 1)
        #expect(values.value(for: "de", orMake: make) == 1)
        #expect(values.value(for: "fr", orMake: make) == 2)
        #expect(values.value(for: "ja", orMake: make) == 3)
        #expect(values.value(for: "de", orMake: make) == 4, "the oldest, de, went when ja came")
        let missing: Int? = values.value(for: "xx") { nil }
        #expect(missing == nil)
        #expect(values.value(for: "xx", orMake: make) == 5, "nothing was kept for xx")
    }
}
