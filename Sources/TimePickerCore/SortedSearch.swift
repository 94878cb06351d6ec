/// Binary search over sorted collections, written once for the core and the front ends: zone
/// changes by instant, a dated grid's slots, Unicode's tables of ranges.
extension RandomAccessCollection {
    /// The index of the first element for which `belongs` holds, or `endIndex` when none does.
    /// `belongs` must be false for a prefix and true for the rest (the collection sorted by
    /// what it asks), as for swift-algorithms' `partitioningIndex(where:)`.
    @inlinable
    public func partitioningIndex(where belongs: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

extension RandomAccessCollection where Element == ClosedRange<UInt32> {
    /// Whether `value` is in one of the ranges, which are sorted and disjoint (a generated
    /// table of code points).
    @inlinable
    public func rangesContain(_ value: UInt32) -> Bool {
        let candidate = partitioningIndex { $0.upperBound >= value }
        return candidate != endIndex && self[candidate].contains(value)
    }
}
