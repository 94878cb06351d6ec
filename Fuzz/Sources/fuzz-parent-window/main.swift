internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on parent_window text through the daemon's and the backend's parsers
// (FuzzTarget.parentWindow).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.parentWindow.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
