import Testing
import TimePickerCore

/// The one binary search: the same answer as a linear scan, on every cut of every small
/// collection, and on ranges as the generated tables hold them.
@Suite("Sorted search")
struct SortedSearchTests {
    @Test("partitioningIndex finds the first element of the true part, or the end")
    func partitioningIndexMatchesALinearScan() {
        for count in 0...9 {
            let values = Array(0..<count)
            for cut in 0...count {
                #expect(values.partitioningIndex { $0 >= cut } == cut, "count \(count), cut \(cut)")
                // A slice keeps its own indices.
                let slice = values[(count / 2)...]
                #expect(slice.partitioningIndex { $0 >= cut } == slice.firstIndex { $0 >= cut } ?? slice.endIndex)
            }
        }
    }

    @Test("rangesContain says whether a value is in sorted disjoint ranges")
    func rangesContainMatchesALinearScan() {
        let ranges: [ClosedRange<UInt32>] = [2...4, 7...7, 10...20, 30...31]
        for value: UInt32 in 0...40 {
            #expect(ranges.rangesContain(value) == ranges.contains { $0.contains(value) }, "\(value)")
        }
        #expect(![ClosedRange<UInt32>]().rangesContain(0))
    }
}
