/// Why the daemon could not start: one line for the log, and the exit status.
struct StartupFailure: Error {
    let message: String
    /// 2 for a command line that cannot work, 1 for everything else.
    var status: Int32 = 1
}
