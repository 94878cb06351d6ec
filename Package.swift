// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "timepickerd",
    products: [
        .executable(name: "timepickerd", targets: ["timepickerd"]),
        .executable(name: "timepickerctl", targets: ["timepickerctl"]),
    ],
    targets: [
        // C modules: headers only.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),

        // The pure picker: slots, options, state machine. No I/O, no imports.
        .target(name: "TimePickerCore"),
        // A poll(2) loop: descriptors, timers and Unix signals, on one thread.
        .target(name: "EventLoop", dependencies: ["CLinux"]),
        // A thin Swift wrapper over libdbus; C pointers stay inside.
        .target(name: "DBusKit", dependencies: ["CDBus", "EventLoop"]),
        // The terminal front end: keys in, frames out.
        .target(name: "TerminalUI", dependencies: ["TimePickerCore", "EventLoop"]),
        // The notification front end: libnotify on a thread of its own.
        .target(name: "NotificationUI", dependencies: ["CNotify", "CLinux", "EventLoop", "TimePickerCore"]),
        // Sessions and the D-Bus interface, on top of the above.
        .target(
            name: "TimePickerService",
            dependencies: ["TimePickerCore", "DBusKit", "EventLoop", "TerminalUI", "CLinux"],
            resources: [.embedInCode("io.github.timepickerd.TimePicker1.xml")]
        ),
        // Executables only parse arguments and wire things together.
        .executableTarget(name: "timepickerd", dependencies: ["TimePickerService", "NotificationUI"]),
        // The command-line client: pick, monitor, status.
        .target(name: "TimePickerClient", dependencies: ["DBusKit", "EventLoop", "TimePickerCore"]),
        .executableTarget(name: "timepickerctl", dependencies: ["TimePickerClient"]),
        // Spawning children with a clean signal mask, for the bench and the tests.
        .target(name: "CleanSpawn"),
        // A private bus, a pseudo-terminal and the daemon under test: for the tests, the bench
        // and the leak check.
        .target(name: "TestHarness", dependencies: ["CleanSpawn", "DBusKit"]),
        // `make bench`: the release daemon measured against its goals (not a test).
        .executableTarget(name: "timepickerbench", dependencies: ["DBusKit", "TestHarness"]),
        // `make leakcheck`: the daemon under valgrind memcheck through many sessions (not a test).
        .executableTarget(name: "timepickerleakcheck", dependencies: ["DBusKit", "TestHarness"]),

        .testTarget(name: "TimePickerCoreTests", dependencies: ["TimePickerCore"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop"]),
        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TimePickerCore"]),
        .testTarget(name: "NotificationUITests", dependencies: ["NotificationUI", "TimePickerCore"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBusKit", "EventLoop", "TimePickerCore", "TestHarness"]),
    ]
)

// Strictness for every Swift target in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
