internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on caller-supplied text through displaySafe (FuzzTarget.displaySafe).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.displaySafe.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
