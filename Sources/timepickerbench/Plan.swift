/// How much each phase does; the whole bench stays well under two minutes.
enum Plan {
    static let starts = 20
    static let latencySamples = 3000
    static let latencyWarmUp = 200
    static let cpuCalls = 1000
    /// Sessions whose allocations are counted, and whose system calls strace counts.
    static let costSessions = 2000
    static let straceSessions = 1000
    static let firstMemoryMark = 5_000
    static let secondMemoryMark = 10_000
    static let idleSeconds = 10.0
    static let settleSeconds = 2.0
    static let throughputCallers = 8
    static let throughputSeconds = 3.0
    static let limitCallers = 17
    static let notificationSessions = 100
    /// Dialogs started with the backend stopped (and zenity started as many times), and with it running.
    static let dialogColdRuns = 10
    static let dialogWarmRuns = 20
}
