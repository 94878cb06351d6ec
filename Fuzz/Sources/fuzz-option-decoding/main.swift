internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on ShowTimePicker calls' wire bytes through the daemon's option decoding and checks
// (FuzzTarget.optionDecoding).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.optionDecoding.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
