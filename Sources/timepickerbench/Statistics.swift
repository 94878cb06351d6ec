/// The value below which `fraction` of `samples` lie (nearest rank); 0 for no samples.
func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let rank = Int((fraction * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }
