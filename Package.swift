// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "timepickerd",
    products: [
        .executable(name: "timepickerd", targets: ["timepickerd"]),
        .executable(name: "timepickerctl", targets: ["timepickerctl"]),
        .executable(name: "timepickerd-gtk", targets: ["timepickerd-gtk"]),
        // For Swift programs: `import TimePicker` (TimePickerAlert, TimePickerMonitor). No GTK,
        // nothing of the daemon: libdbus, the core, and of Foundation only FoundationEssentials
        // (Date, TimeZone, DateInterval in its API), which the daemon never links.
        .library(name: "TimePicker", targets: ["TimePicker"]),
        // For the fuzzing package under Fuzz/ (`make fuzz`), which depends on this one by path.
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    targets: [
        // C modules: headers only.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]),

        // The pure picker: slots, options, state machine. No I/O, no imports.
        .target(name: "TimePickerCore"),
        // The person's locale and local time, from the C library: the clock they prefer, the time now,
        // the zones of the system's time-zone database (tzdata's files, read without Foundation).
        .target(name: "LocalSettings", dependencies: ["TimePickerCore", "Localization", "SystemKit"]),
        // What a person reads, in their language: gettext catalogs read per session's locale.
        .target(name: "Localization", dependencies: ["CLinux", "SystemKit", "TimePickerCore"]),
        // Reading command-line options, for the three programs' libraries (TimePickerDaemon,
        // TimePickerClient, DialogBackend; no packages beyond the toolchain).
        .target(name: "CommandLineOptions"),
        // What Linux says about processes, terminals and descriptors, and the small system-call
        // helpers (retrying after signals, writing everything, the standard streams).
        .target(name: "SystemKit", dependencies: ["CLinux"]),
        // One line per event on stderr or the journal, for the daemon and the dialog backend.
        .target(name: "Logging", dependencies: ["SystemKit", "TimePickerCore"]),
        // A poll(2) loop: descriptors, timers and Unix signals, on one thread.
        .target(name: "EventLoop", dependencies: ["CLinux", "SystemKit"]),
        // Which application a caller's process is part of (its Flatpak sandbox, its systemd
        // unit, its executable), read off the event loop.
        .target(name: "CallerApps", dependencies: ["EventLoop", "SystemKit"]),
        // What the remote front ends send another process, in order and a few at a time.
        .target(name: "PeerDelivery"),
        // A thin Swift wrapper over libdbus; C pointers stay inside.
        .target(name: "DBusKit", dependencies: ["CDBus", "EventLoop"]),
        // A bus in one process, for unit tests of what talks over DBusKit's MessageBus.
        .target(name: "DBusKitTesting", dependencies: ["DBusKit", "EventLoop"]),
        // The names on the bus, written once: the service's, the dialog backend's and the
        // notification server's.
        .target(name: "TimePickerContract", dependencies: ["DBusKit"]),
        // The terminal front end: keys in, frames out.
        .target(name: "TerminalUI", dependencies: ["TimePickerCore", "EventLoop", "Localization", "SystemKit"]),
        // The notification front end: the Notifications server over the daemon's own bus connection.
        .target(name: "NotificationUI", dependencies: ["CallerApps", "DBusKit", "EventLoop", "PeerDelivery", "TimePickerCore", "TimePickerContract", "LocalSettings", "Localization"]),
        // The dialog front end: a dialog backend's windows, over the daemon's own bus connection.
        .target(name: "DialogUI", dependencies: ["CallerApps", "DBusKit", "EventLoop", "PeerDelivery", "TimePickerCore", "TimePickerContract", "Localization"]),
        // Sessions and the D-Bus interface, on top of the above.
        .target(
            name: "TimePickerService",
            dependencies: [
                "TimePickerCore", "DBusKit", "EventLoop", "CLinux", "TimePickerContract", "LocalSettings", "Localization", "SystemKit",
                "Logging", "CallerApps",
            ],
            resources: [.embedInCode("io.github.timepickerd.TimePicker1.xml")]
        ),
        // The daemon's wiring: the loop, the bus, the service and the front ends --ui chooses.
        .target(
            name: "TimePickerDaemon",
            dependencies: [
                "TimePickerService", "TerminalUI", "NotificationUI", "DialogUI", "EventLoop", "CommandLineOptions", "DBusKit", "TimePickerCore",
                "TimePickerContract", "LocalSettings", "Localization", "SystemKit", "Logging", "CallerApps",
            ]),
        // The three programs' executables hold no logic: each hands its command line over to its
        // library (Daemon.main, Client.main, GtkBackend.main).
        .executableTarget(name: "timepickerd", dependencies: ["TimePickerDaemon"]),
        // The caller's side of the service for Swift programs: a pick (the seed's alert, with a
        // delegate or `await`) and the outcomes on the bus, each on a thread of its own.
        .target(
            name: "TimePicker",
            dependencies: ["DBusKit", "EventLoop", "TimePickerContract", "TimePickerCore", "LocalSettings", "SystemKit"]),
        // The command-line client: pick, monitor, status, on the TimePicker library; with no
        // session bus, `pick` shows the terminal front end itself.
        .target(
            name: "TimePickerClient",
            dependencies: [
                "TimePicker", "CommandLineOptions", "DBusKit", "EventLoop", "TimePickerCore", "TimePickerContract", "TerminalUI",
                "LocalSettings", "Localization", "SystemKit",
            ]),
        .executableTarget(name: "timepickerctl", dependencies: ["TimePickerClient"]),
        // The Swift examples (examples/swift), built with the rest so that the tests run them
        // as a reader would: the seed's delegate, await, and every outcome on the bus.
        .executableTarget(name: "pick-delegate", dependencies: ["TimePicker"], path: "examples/swift/pick-delegate"),
        .executableTarget(name: "pick-await", dependencies: ["TimePicker"], path: "examples/swift/pick-await"),
        .executableTarget(name: "monitor-outcomes", dependencies: ["TimePicker"], path: "examples/swift/monitor"),
        // A front end with nobody in front of it, for unit tests of the service, and the checks
        // every front end must pass (PickerFrontEndConformance).
        .target(name: "FrontEndTesting", dependencies: ["LocalSettings", "SystemKit", "TimePickerCore"]),
        // Spawning children with a clean signal mask, for the bench and the tests.
        .target(name: "CleanSpawn"),
        // A private bus, a pseudo-terminal and the daemon under test: for the tests, the bench
        // and the leak check.
        .target(name: "TestHarness", dependencies: ["CleanSpawn", "DBusKit", "TimePickerContract", "SystemKit"]),
        // `make bench`: the release daemon measured against its goals (not a test).
        .executableTarget(name: "timepickerbench", dependencies: ["DBusKit", "TestHarness", "TimePickerContract", "SystemKit"]),
        // `make leakcheck`: the daemon under valgrind memcheck through many sessions (not a test).
        .executableTarget(name: "timepickerleakcheck", dependencies: ["DBusKit", "TestHarness", "TimePickerContract", "SystemKit"]),
        // What every dialog backend shares, whatever toolkit draws its windows: the backend's
        // D-Bus interface on a libdbus connection of its own (DBusKit), the dialogs' bookkeeping,
        // and the seam a toolkit plugs into (DialogWindow, DialogWindowFactory, BackendLoop).
        .target(
            name: "DialogBackend",
            dependencies: ["CLinux", "CommandLineOptions", "DBusKit", "EventLoop", "TimePickerCore", "TimePickerContract", "LocalSettings", "Localization", "Logging"],
            resources: [.embedInCode("io.github.timepickerd.impl.TimePicker1.xml")]
        ),
        // The GTK 4 dialog backend, a process of its own on the bus; the daemon links no GTK.
        // libadwaita's dialog, its columns and parent windows, and the bus connection driven
        // from GLib's main loop. Another toolkit's backend would replace this module alone.
        .target(
            name: "GtkDialogBackend",
            dependencies: ["DialogBackend", "CGtk", "DBusKit", "EventLoop", "TimePickerCore", "TimePickerContract", "Localization", "Logging", "SystemKit"]),
        .executableTarget(name: "timepickerd-gtk", dependencies: ["GtkDialogBackend"]),
        // The parsers' fuzz entry points: libFuzzer runs them (`make fuzz`, the package under
        // Fuzz/), and FuzzTargetsTests replays the corpus kept in Fuzz/corpus through them.
        .target(
            name: "FuzzTargets",
            dependencies: ["DBusKit", "DialogBackend", "LocalSettings", "Localization", "TerminalUI", "TimePickerCore", "TimePickerService", "TimePickerContract"]),

        .testTarget(name: "TimePickerCoreTests", dependencies: ["TimePickerCore", "Localization"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TimePickerCore"]),
        // The zone database against glibc's answers and zic's slim files; the local zone.
        .testTarget(name: "LocalSettingsTests", dependencies: ["LocalSettings", "TimePickerCore"]),
        // The service's session rules on a fake bus, through fake front ends: no dbus-daemon.
        .testTarget(
            name: "TimePickerServiceTests",
            dependencies: ["TimePickerService", "TimePickerCore", "DBusKit", "DBusKitTesting", "EventLoop", "FrontEndTesting", "Logging"]),
        .testTarget(name: "TimePickerClientTests", dependencies: ["TimePickerClient", "TimePicker", "TerminalUI", "TimePickerCore", "DBusKit", "LocalSettings"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop"]),
        .testTarget(name: "PeerDeliveryTests", dependencies: ["PeerDelivery"]),
        .testTarget(name: "CallerAppsTests", dependencies: ["CallerApps", "SystemKit"]),
        .testTarget(name: "SystemKitTests", dependencies: ["SystemKit"]),
        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit", "DBusKitTesting", "EventLoop"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TimePickerCore", "EventLoop", "TestHarness", "SystemKit", "Localization"]),
        .testTarget(name: "NotificationUITests", dependencies: ["CallerApps", "NotificationUI", "DBusKit", "DBusKitTesting", "EventLoop", "FrontEndTesting", "TimePickerCore", "Localization"]),
        .testTarget(name: "DialogUITests", dependencies: ["CallerApps", "DialogUI", "DBusKit", "DBusKitTesting", "EventLoop", "FrontEndTesting", "TimePickerCore"]),
        .testTarget(name: "DialogBackendTests", dependencies: ["DialogBackend", "TimePickerCore", "DBusKit", "DBusKitTesting", "EventLoop", "Logging"]),
        .testTarget(name: "GtkDialogBackendTests", dependencies: ["GtkDialogBackend", "CGtk", "Localization", "TimePickerCore"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        // PickerFrontEndConformance run against every front end: FakeFrontEnd, the terminal on a
        // pseudo-terminal, notifications and dialogs over a fake bus playing the server and the backend.
        .testTarget(
            name: "FrontEndConformanceTests",
            dependencies: [
                "CallerApps", "FrontEndTesting", "TerminalUI", "NotificationUI", "DialogUI", "DialogBackend", "DBusKit", "DBusKitTesting",
                "EventLoop", "SystemKit", "TestHarness", "TimePickerContract", "TimePickerCore",
            ]),
        .testTarget(
            name: "ServiceTests", dependencies: ["CLinux", "DBusKit", "EventLoop", "TimePicker", "TimePickerCore", "TestHarness", "LocalSettings", "SystemKit"],
            // Scripts the tests run: AT-SPI and X11 from Python, a caller that sends and leaves,
            // and the real desktops' start and stop.
            exclude: ["Support/atspi.py", "Support/atspi-events.py", "Support/x11.py", "Scripts", "Desktops"]
        ),
    ]
)

// Strictness for every Swift target in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
