internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on the dialog backend's calls' wire bytes through its reading of calls
// (FuzzTarget.backendCall).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.backendCall.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
