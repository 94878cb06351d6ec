internal import CLibFuzzer
internal import Glibc

/// Runs libFuzzer on `testOneInput` with this program's command line, and exits with its status.
///
/// A fuzz program defines `LLVMFuzzerTestOneInput` and calls this from its top-level code.
/// SwiftPM points the program's `main` at that code, and `-sanitize=fuzzer` links in libFuzzer's
/// own `main`, which calls `LLVMFuzzerTestOneInput`; whichever the linker keeps, the program
/// does the same.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
