internal import CGtk

/// Gives the memory malloc holds free back to the system, once the work in hand is done.
///
/// glibc keeps what is freed for reuse: after a dialog closes (its widgets, its window's
/// surface) or a large call is refused, the backend's resident size would stay at its peak
/// until it exits. `malloc_trim` returns the free pages of every arena.
@MainActor
enum MemoryTrim {
    private static var scheduled = false

    /// Trims from an idle source below everything else, once for any number of requests made
    /// before it runs.
    static func soon() {
        guard !scheduled else { return }
        scheduled = true
        MainLoopSource.whileIdle(priority: G_PRIORITY_LOW + 10) {
            scheduled = false
            _ = malloc_trim(0)
            return false
        }
    }
}
