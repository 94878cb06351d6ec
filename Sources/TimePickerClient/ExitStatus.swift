/// The exit statuses of timepickerctl; 1 and 5 are zenity's, so scripts written for it read ours.
enum ExitStatus {
    /// A range was chosen, or the command did its job.
    static let success: Int32 = 0
    /// The session was cancelled: by the person, by Ctrl-C, or because the service stopped it.
    static let cancelled: Int32 = 1
    /// A usage error, a service that cannot be reached or refuses the options, or no user interface.
    static let failure: Int32 = 2
    /// The `--timeout` ran out.
    static let timeout: Int32 = 5
}

/// Something that ends a command early: one line for stderr and the status to exit with.
struct ClientFailure: Error {
    let message: String
    var status: Int32 = ExitStatus.failure
}
