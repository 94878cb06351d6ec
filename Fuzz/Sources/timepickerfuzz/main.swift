internal import FuzzDriver
internal import FuzzTargets
internal import Glibc

// libFuzzer on one of FuzzTargets' parsers, named by FUZZ_TARGET (`make fuzz` sets it): one
// program for all of them, since they differ only in the function each input goes to.

/// The parser every input goes to, set once before libFuzzer starts.
nonisolated(unsafe) private var target = FuzzTarget.keyDecoder

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

guard let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }), let chosen = FuzzTarget(rawValue: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    let message = "timepickerfuzz: set FUZZ_TARGET to one of: \(names)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
target = chosen
runFuzzer(testOneInput)
