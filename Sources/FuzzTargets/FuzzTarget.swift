/// The parsers `make fuzz` runs libFuzzer on (the package under Fuzz/) and `make test` replays
/// the kept corpus through (Tests/FuzzTargetsTests): each takes any bytes, as a peer on the bus
/// or whatever writes on a terminal could send them, and either returns or stops the process,
/// on a crash or on a broken promise (a `precondition` in the target).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Terminal input through `KeyDecoder`, the key bindings and a picker.
    case keyDecoder = "key-decoder"
    /// Times as typed and written: `TypedTime`, `TimeText`, `WallClockTime`'s readers.
    case typedTime = "typed-time"
    /// Caller-supplied text through `displaySafe`.
    case displaySafe = "display-safe"
    /// A method call's wire bytes through the daemon's `a{sv}` decoding and option checks.
    case optionDecoding = "option-decoding"
    /// A method call's wire bytes through the dialog backend's reading of calls.
    case backendCall = "backend-call"
    /// `parent_window` text through the daemon's and the backend's parsers (crashes only).
    case parentWindow = "parent-window"
    /// A zone file's bytes through the zone database's reader and a dated picker's grid.
    case zoneFile = "zone-file"

    /// Runs one input through the target.
    public func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .keyDecoder: KeyDecoderFuzz.run(input)
        case .typedTime: TypedTimeFuzz.run(input)
        case .displaySafe: DisplaySafeFuzz.run(input)
        case .optionDecoding: OptionDecodingFuzz.run(input)
        case .backendCall: BackendCallFuzz.run(input)
        case .parentWindow: ParentWindowFuzz.run(input)
        case .zoneFile: ZoneFileFuzz.run(input)
        }
    }
}
