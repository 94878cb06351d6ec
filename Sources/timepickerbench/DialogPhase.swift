import Glibc
import TestHarness

/// The dialog on screen: PickTimeRange to the window mapped, cold (the backend stopped before
/// each, so the bus starts it) interleaved with `zenity --forms` started cold on the same
/// display, then warm (the backend running); the backend's and the daemon's resident memory
/// with a dialog open. Every dialog is cancelled with Cancel() and gone before the next.
func measureDialog(binary: String, into sections: inout Sections) throws {
    progress("the dialog: \(Plan.dialogColdRuns) cold starts of timepickerd-gtk and of zenity, interleaved, then \(Plan.dialogWarmRuns) warm")
    let desktop = try DialogDesktop(daemonBinary: binary)
    var failures: [String] = []
    var counter = 0
    /// One dialog through the daemon, shown and cancelled: milliseconds to the window mapped.
    func dialog(_ kind: String) -> Double? {
        counter += 1
        do {
            let open = try desktop.showDialog(titled: "Bench \(kind) \(counter)", token: "bench_\(counter)")
            try desktop.cancel(open)
            return open.milliseconds
        } catch {
            failures.append("\(error)")
            return nil
        }
    }
    func zenity() -> Double? {
        counter += 1
        do {
            return try desktop.zenityOnScreen(titled: "zenity \(counter)")
        } catch {
            failures.append("\(error)")
            return nil
        }
    }
    func cold() -> Double? {
        desktop.stopBackend()
        return dialog("cold")
    }

    // One of each unmeasured first: their libraries come into the page cache, as on a desktop
    // where other GTK programs run.
    _ = cold()
    _ = zenity()
    var colds: [Double] = []
    var zenitys: [Double] = []
    for run in 0..<Plan.dialogColdRuns {
        for dialogFirst in run % 2 == 0 ? [true, false] : [false, true] {
            if dialogFirst { cold().map { colds.append($0) } } else { zenity().map { zenitys.append($0) } }
        }
    }
    // The last cold run left the backend running.
    var warms: [Double] = []
    for _ in 0..<Plan.dialogWarmRuns { dialog("warm").map { warms.append($0) } }

    progress("the dialog: resident memory with one dialog open")
    var memoryRows: [ResultRow] = []
    do {
        let open = try desktop.showDialog(titled: "Bench memory", token: "bench_memory")
        // Let it draw its first frames and settle.
        pause(seconds: 1)
        let backend = desktop.backendProcessID.flatMap { ResidentMemory(pid: $0) }
        memoryRows.append(ResultRow("Resident memory of `timepickerd-gtk` with one dialog open", backend?.summary ?? "cannot read it"))
        sections.memory.append(memoryRow(
            "Resident memory, `--ui dialog`, one dialog open (\(toolkitLibraries(pid: desktop.daemon.pid)))", pid: desktop.daemon.pid).row)
        try desktop.cancel(open)
    } catch {
        failures.append("\(error)")
    }

    let failureNote = failures.isEmpty ? "" : "; \(failures.count) runs failed (first: \(failures[0]))"
    let ratio = median(zenitys) > 0 ? median(colds) / median(zenitys) : .infinity
    sections.dialog += [
        ResultRow(
            "Dialog on screen, cold: PickTimeRange to the window mapped, the bus starting `timepickerd-gtk` (median of \(colds.count))",
            spread(colds) + failureNote),
        ResultRow("`zenity --forms` on screen, cold: spawn to the window mapped (median of \(zenitys.count), interleaved)", spread(zenitys)),
        ResultRow("Dialog cold ÷ zenity cold", format(ratio, 2), goal: "< 1", .init(!colds.isEmpty && !zenitys.isEmpty && ratio < 1)),
        ResultRow(
            "Dialog on screen, warm: PickTimeRange to the window mapped, backend running (median of \(warms.count))",
            spread(warms), goal: "≤ 100 ms", .init(!warms.isEmpty && median(warms) <= 100)),
    ] + memoryRows
}

/// "median 61.2 ms (min 55.0, max 80.1)".
private func spread(_ samples: [Double]) -> String {
    guard !samples.isEmpty else { return "no run succeeded" }
    return "median \(format(median(samples), 1)) ms (min \(format(samples.min() ?? 0, 1)), max \(format(samples.max() ?? 0, 1)))"
}

/// Whether GTK or libadwaita is mapped into process `pid`: the daemon links neither.
private func toolkitLibraries(pid: Int32) -> String {
    let maps = readWholeFile("/proc/\(pid)/maps") ?? ""
    let toolkit = ["libgtk", "libadwaita"].filter { maps.contains($0) }
    return toolkit.isEmpty ? "no GTK or libadwaita mapped" : "\(toolkit.joined(separator: " and ")) mapped"
}
