import TestHarness

/// The daemon with the notification UI: idle memory and wake-ups after start, then after
/// sessions. The private bus has no notification server, so each session ends at once as
/// unavailable, but the daemon's notification front end has been set to work.
func measureNotificationDaemon(binary: String, bus: PrivateBus, into sections: inout Sections) throws {
    progress("the notification UI: idle for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let daemon = try DaemonProcess.serving(on: bus, binary: binary, arguments: ["--ui", "notification"])
    defer { daemon.stop() }
    pause(seconds: 0.5)
    sections.memory.append(memoryRow("Resident memory idle after start, `--ui notification`", pid: daemon.pid).row)
    sections.wakeUps.append(idleWakeUpsRow(
        "Wake-ups idle after start, `--ui notification`", pid: daemon.pid, settle: Plan.settleSeconds, seconds: Plan.idleSeconds))

    progress("\(Plan.notificationSessions) sessions with the notification UI, then idle for \(Plan.settleSeconds + Plan.idleSeconds) s")
    let caller = try ServiceCaller(address: bus.address)
    for _ in 0..<Plan.notificationSessions {
        if let handle = try? caller.showTimePicker() { try? caller.cancel(handle) }
    }
    sections.memory.append(memoryRow(
        "Resident memory, `--ui notification`, after \(Plan.notificationSessions) sessions (no notification server: each ends unavailable)",
        pid: daemon.pid).row)
    sections.wakeUps.append(idleWakeUpsRow(
        "Wake-ups idle after those sessions, `--ui notification`", pid: daemon.pid, settle: Plan.settleSeconds, seconds: Plan.idleSeconds))
}
