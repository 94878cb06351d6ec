internal import FuzzDriver
internal import FuzzTargets

// libFuzzer on terminal input through the key decoder, the key bindings and a picker
// (FuzzTarget.keyDecoder).

/// libFuzzer's call for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.keyDecoder.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

runFuzzer(testOneInput)
