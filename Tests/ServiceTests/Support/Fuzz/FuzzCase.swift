/// The families of calls the fuzz test draws from: the cases it tries. Each call is one of
/// these, with random content; the summary the test prints counts the answers per family.
///
/// Not tried: calls with the NO_REPLY flag (DBusKit cannot set it), and messages that break
/// the D-Bus wire format, nest deeper than 64 containers or carry more than 16 descriptors
/// (the bus disconnects their sender, so the daemon never sees them).
enum FuzzCase: String, CaseIterable {
    case validShow = "ShowTimePicker with valid random options (steps, grids, min_duration, titles with control and bidi text, timeouts, tokens, clock, a terminal)"
    case validPick = "PickTimeRange with valid random options (answered when the test cancels the session)"
    case badValue = "one out-of-range option: step 0/7/1441/UInt32.max, times 99:99 24:01 -1:00 and others, last before first, start off the grid, end before start, min_duration too long, 201-character or 2001-code-point title, bad handle_token or clock, 100 KiB values"
    case wrongType = "a known option with a value of another type, nested variants included"
    case unknownKey = "unknown option keys: empty, case-changed, control, bidi, combining, 100 KiB"
    case duplicateKey = "the same option key twice"
    case tooManyValues = "options holding more than 256 values"
    case deepValue = "option values nested up to 57 containers deep (variants, arrays, structures)"
    case wrongSignature = "ShowTimePicker and PickTimeRange with an empty body, extra arguments, other types"
    case descriptors = "descriptors (pipe, socket, /dev/null, a directory, a /proc file, terminals, a terminal open only for reading, pty controllers) in the terminal option, in other options, in extra arguments, 16 in one call"
    case sessionCall = "Cancel, Get, GetAll, Set, Introspect on open and ended sessions, from the owner and other connections, with wrong arguments and interfaces"
    case managerProperties = "Get, GetAll, Set on the manager and its ancestors: known and unknown interfaces and names, wrong signatures, unknown Properties members"
    case introspect = "Introspect on the manager, its ancestors, session nodes and unknown paths, with and without arguments"
    case peer = "Peer.Ping and GetMachineId on any path, with arguments, unknown Peer members"
    case unknownMember = "unknown members and interfaces, no interface, methods on the wrong object, unknown and 4 KiB paths"
    case leavingCaller = "a connection that sends ten calls of the families above (no descriptors) and a Cancel() of another connection's session, then leaves the bus without reading an answer"

    /// How often the family is drawn, relative to the others.
    var weight: Int {
        switch self {
        case .validShow, .badValue, .sessionCall: 12
        case .wrongType, .wrongSignature, .managerProperties: 8
        case .validPick, .unknownKey, .descriptors: 6
        case .introspect, .unknownMember, .deepValue: 5
        case .duplicateKey, .peer: 3
        case .tooManyValues: 2
        // Once a round, not drawn among the others.
        case .leavingCaller: 0
        }
    }
}
