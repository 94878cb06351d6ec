// swift-tools-version: 6.0
import PackageDescription

// libFuzzer programs for the parsers of the package above (`make fuzz`), one per target of
// its FuzzTargets library. A package of its own so that a plain `swift build` or `swift test`
// there never meets them: these programs link only with `-sanitize=fuzzer`, which brings
// libFuzzer's driver and its `main`.
let fuzzTargets = ["key-decoder", "typed-time", "display-safe", "option-decoding", "backend-call", "parent-window"]

let package = Package(
    name: "timepickerd-fuzz",
    dependencies: [.package(name: "timepickerd", path: "..")],
    targets: [
        // libFuzzer's driver, which `-sanitize=fuzzer` links in: headers only.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "timepickerd")])
    }
)

// The main package's strictness, here too.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
