internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on times as typed and written, through every reader of them (FuzzTarget.typedTime).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.typedTime.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
