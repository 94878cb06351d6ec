// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer program for the parsers of the package above (`make fuzz`): FUZZ_TARGET names
// which of its FuzzTargets library's targets it runs. A package of its own so that a plain
// `swift build` or `swift test` there never meets it: it links only with `-sanitize=fuzzer`,
// which brings libFuzzer's driver and its `main`.
let package = Package(
    name: "timepickerd-fuzz",
    dependencies: [.package(name: "timepickerd", path: "..")],
    targets: [
        // libFuzzer's driver, which `-sanitize=fuzzer` links in: headers only.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"]),
        .executableTarget(
            name: "timepickerfuzz",
            dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "timepickerd")]),
    ]
)

// The main package's strictness, here too.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
