public import Foundation
import Glibc

/// A virtual X display of the harness's own: Xvfb on a display number it chooses itself
/// (`-displayfd`), so any number of them run side by side. Stopped on deinit.
public final class XvfbDisplay {
    /// ":N", for DISPLAY.
    public let name: String
    private let server: ChildProcess

    /// Starts Xvfb (1280×800, 24 bits, no TCP) with `environment`, its output in `log`, and
    /// returns once it accepts clients.
    public init(environment: [String: String], log logFile: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw HarnessError("missing /usr/bin/Xvfb: run make deps")
        }
        // Xvfb writes the display number to -displayfd once it accepts clients.
        let (server, output) = try startReadingOutput(
            ["/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
            environment: environment, logFile: logFile)
        self.server = server
        defer { close(output) }
        guard let number = readLine(fromDescriptor: output), Int(number) != nil else {
            throw HarnessError("Xvfb printed no display number; see \(logFile.path)")
        }
        name = ":" + number
    }

    deinit {
        server.stop()
    }

    /// `environment` for a program on this display (and no Wayland one).
    public func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["DISPLAY"] = name
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        return environment
    }
}
