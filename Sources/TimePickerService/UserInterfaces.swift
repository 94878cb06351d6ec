public import TimePickerCore

/// The user interfaces the daemon can show a session in (besides callers' terminals): which
/// front end is each kind the `ui` option names, which one shows a session that names none,
/// and where such a session goes when that one could not show it at all.
public struct UserInterfaces {
    /// The front ends, by kind; a kind the daemon cannot offer (its own terminal, when it
    /// runs without one) is missing.
    public let frontEnds: [UserInterfaceKind: any PickerFrontEnd]
    /// What shows a session that asks for no kind: the daemon's `UserInterface`.
    public let preferred: UserInterfaceKind
    /// Where such a session goes when `preferred` could not put it before anyone (`--ui auto`:
    /// a dialog with no backend or no display becomes a notification); nil for nowhere.
    public let fallback: UserInterfaceKind?
    /// Why a missing kind is missing, for the caller who asked for it.
    public let whyMissing: [UserInterfaceKind: String]

    public init(
        frontEnds: [UserInterfaceKind: any PickerFrontEnd], preferred: UserInterfaceKind, fallback: UserInterfaceKind?,
        whyMissing: [UserInterfaceKind: String]
    ) {
        precondition(frontEnds[preferred] != nil, "the preferred user interface must be one of the front ends")
        self.frontEnds = frontEnds
        self.preferred = preferred
        self.fallback = fallback
        self.whyMissing = whyMissing
    }

    /// Every front end, each once.
    var all: [any PickerFrontEnd] { UserInterfaceKind.allCases.compactMap { frontEnds[$0] } }
}
