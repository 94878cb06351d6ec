import Foundation
import TestHarness

// timepickerleakcheck [--sessions N] [--keep] [--suppressions FILE]… PATH-TO-timepickerd:
// `make leakcheck`. Runs the daemon (a debug build) under valgrind memcheck on the harness's
// private bus, through N sessions (1,000 by default) with the terminal user interface (on a
// pseudo-terminal: pickers cancelled with Cancel(), cancelled and chosen with keys, shown on a
// caller's terminal, asked for with PickTimeRange, queued, timed out) and as many with the
// notification user interface (against python3-dbusmock's notification server: cancelled with
// Cancel(), shown or not yet shown, and PickTimeRange calls cancelled by another connection);
// then SIGTERM. Prints valgrind's leak and error summaries and every definite-loss stack with a
// frame in Sources/ (the current directory must be the project's); exits 1 when there is such a
// stack, a memcheck error, or a run that did not end cleanly. --keep keeps the scratch directory
// with the full logs; --suppressions hands valgrind a file of losses that are not losses
// (suppressions/, each with its reason), and may be given more than once.

let usage = "usage: timepickerleakcheck [--sessions N] [--keep] [--suppressions FILE]... PATH-TO-timepickerd"
var arguments = Array(CommandLine.arguments.dropFirst())
var sessions = 1000
var keep = false
var suppressions: [String] = []
var daemonBinary: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--sessions":
        guard let value = arguments.first.flatMap({ Int($0) }), value > 0 else {
            say(usage)
            exit(2)
        }
        arguments.removeFirst()
        sessions = value
    case "--keep": keep = true
    case "--suppressions":
        guard let file = arguments.first, FileManager.default.isReadableFile(atPath: file) else {
            say("leakcheck: --suppressions needs a readable file")
            exit(2)
        }
        arguments.removeFirst()
        suppressions.append(file)
    default: daemonBinary = argument
    }
}
guard let daemonBinary, arguments.isEmpty else {
    say(usage)
    exit(2)
}
guard let valgrind = findInPath("valgrind") else {
    say("leakcheck: valgrind is missing (apt-get install valgrind)")
    exit(1)
}
guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
    say("leakcheck: dbus-daemon is missing (make deps)")
    exit(1)
}
let dbusmockCheck = try? ChildProcess(
    "/usr/bin/python3", ["-c", "import dbus, dbusmock"], environment: ProcessInfo.processInfo.environment,
    stdin: 0, stdout: 2, stderr: 2)
guard (try? dbusmockCheck?.waitForExit(seconds: 30)) == .exited(0) else {
    say("leakcheck: python3-dbusmock is missing (make deps)")
    exit(1)
}

let workDirectory: URL
do {
    workDirectory = try makeTemporaryDirectory(prefix: "leakcheck")
} catch {
    say("leakcheck: \(error)")
    exit(1)
}
var clean = true
do {
    let bus = try PrivateBus()
    for userInterface in ["terminal", "notification"] {
        let run = UserInterfaceRun(
            userInterface: userInterface, sessions: sessions, daemonBinary: daemonBinary, valgrind: valgrind,
            suppressions: suppressions, workDirectory: workDirectory, sourceRoot: FileManager.default.currentDirectoryPath)
        clean = run.run(on: bus) && clean
    }
} catch {
    say("leakcheck: the private bus could not be started: \(error)")
    clean = false
}
if keep {
    say("leakcheck: logs kept in \(workDirectory.path)")
} else {
    try? FileManager.default.removeItem(at: workDirectory)
}
exit(clean ? 0 : 1)
