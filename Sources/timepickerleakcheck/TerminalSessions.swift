import DBusKit
import TestHarness

/// Drives `count` sessions through the daemon's terminal user interface, on `screen`, ten
/// kinds in turn: shown then Cancel(), cancelled with a key, moved then chosen, on a caller's
/// terminal (`callerScreen`), PickTimeRange answered with a key, and queued behind another
/// (every hundredth: timed out instead).
struct TerminalSessions {
    let bus: PrivateBus
    let screen: PseudoTerminal
    let callerScreen: PseudoTerminal
    let caller: ServiceCaller
    /// Another connection of the same user, which may cancel the caller's sessions.
    let other: ServiceCaller

    /// The session number `index`; returns the path of the session to see end.
    func run(_ index: Int) throws -> ObjectPath {
        let title = "Leak check \(index)"
        switch index % 10 {
        case 0, 1, 2:
            let path = try caller.showTimePicker(["title": .string(title)])
            try waitForScreen(title)
            try caller.cancel(path)
            return path
        case 3, 4:
            let path = try caller.showTimePicker(["title": .string(title)])
            try waitForScreen(title)
            screen.type("q")
            return path
        case 5, 6:
            let path = try caller.showTimePicker(["title": .string(title), "start": .string("09:00")])
            try waitForScreen(title)
            screen.type("j\tj\r")
            return path
        case 7:
            let path = try caller.showTimePicker(["title": .string(title), "terminal": .unixFD(callerScreen.terminal)])
            try callerScreen.waitForScreen(containing: title, seconds: 60)
            callerScreen.type(index % 20 == 7 ? "j\r" : "q")
            return path
        case 8:
            let pick = try PendingPick(bus: bus, title: title, token: "pick\(index)")
            try pick.waitForSession(seen: caller)
            try waitForScreen(title)
            screen.type("\r")
            guard try pick.waitForAnswer() else { throw HarnessError("PickTimeRange \(pick.path.rawValue) did not get its range") }
            return pick.path
        default:
            if index % 100 == 99 { return try caller.showTimePicker(["title": .string(title), "timeout": .uint32(1)]) }
            let first = try caller.showTimePicker(["title": .string(title)])
            let queued = try caller.showTimePicker(["title": .string(title + " queued"), "step": .uint32(15), "clock": .string("12h")])
            try waitForScreen("1 more picker waiting")
            try other.cancel(queued)
            try caller.cancel(first)
            return first
        }
    }

    private func waitForScreen(_ text: String) throws {
        try screen.waitForScreen(containing: text, seconds: 60)
    }
}
