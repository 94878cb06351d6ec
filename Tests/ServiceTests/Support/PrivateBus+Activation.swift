import TestHarness

/// D-Bus activation of the daemon on the harness's bus.
extension PrivateBus {
    /// Makes the bus start the daemon on the first call to its name (D-Bus activation), with
    /// the notification user interface, as a desktop session's bus would.
    func installActivationFile() throws {
        try installService("io.github.timepickerd.TimePicker1", command: "\(DaemonProcess.binary) --ui notification")
    }
}
