/// The exit statuses of timepickerctl; 1 and 5 are zenity's, so scripts written for it read ours.
public enum ExitStatus {
    /// A range was chosen, or the command did its job.
    public static let success: Int32 = 0
    /// The session was cancelled: by the person, by Ctrl-C, or because the service stopped it.
    public static let cancelled: Int32 = 1
    /// A usage error, a service that cannot be reached or refuses the options, or no user interface.
    public static let failure: Int32 = 2
    /// The `--timeout` ran out.
    public static let timeout: Int32 = 5
}

/// Something that ends a command early: one line for stderr and the status to exit with.
struct ClientFailure: Error {
    let message: String
    var status: Int32 = ExitStatus.failure
}
