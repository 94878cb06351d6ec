internal import CLinux

/// Gives the memory malloc holds free back to the system, once the work in hand is done.
///
/// glibc keeps what is freed for reuse: after a dialog closes (its widgets, its window's
/// surface) or a large call is refused, the backend's resident size would stay at its peak
/// until it exits. `malloc_trim` returns the free pages of every arena.
@MainActor
final class MemoryTrim {
    private let loop: any BackendLoop
    private var scheduled = false

    init(loop: any BackendLoop) {
        self.loop = loop
    }

    /// Trims as idle work after everything else (`IdleWork.tidy`), once for any number of
    /// requests made before it runs.
    func soon() {
        guard !scheduled else { return }
        scheduled = true
        _ = loop.whenIdle(.tidy) { [weak self] in
            MainActor.assumeIsolated {
                self?.scheduled = false
                _ = malloc_trim(0)
            }
        }
    }
}
