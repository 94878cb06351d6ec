import CallerApps
import Testing

/// Which callers take turns as one at a notification server or a dialog backend: those the
/// system vouches belong together, never those that only say so.
@Suite("Callers told apart for taking turns: sandbox, process, connection")
struct CallerKeyTests {
    static let firefox = CallerApplication(id: "org.mozilla.firefox", source: .flatpak, displayName: "Firefox")

    @Test("Connections of one process are one caller; another process is another, also of the same executable")
    func byProcess() {
        let tool = CallerApplication(id: "python3", source: .executable, displayName: nil)
        let first = CallerKey(connection: ":1.7", userID: 1000, processID: 4321, application: tool)
        #expect(CallerKey(connection: ":1.8", userID: 1000, processID: 4321, application: tool) == first)
        #expect(CallerKey(connection: ":1.9", userID: 1000, processID: 4322, application: tool) != first)
        #expect(CallerKey(connection: ":1.9", userID: 1000, processID: 4321, application: nil) == first, "whatever was found of its app")
    }

    @Test("A Flatpak app's processes are one caller; two apps are two")
    func bySandbox() {
        let first = CallerKey(connection: ":1.7", userID: 1000, processID: 100, application: Self.firefox)
        #expect(CallerKey(connection: ":1.8", userID: 1000, processID: 200, application: Self.firefox) == first)
        let other = CallerApplication(id: "org.example.Other", source: .flatpak, displayName: nil)
        #expect(CallerKey(connection: ":1.8", userID: 1000, processID: 100, application: other) != first)
    }

    @Test("A Snap's processes, named by their AppArmor profile, are one caller; a Flatpak of the same id is another")
    func bySnap() {
        let snap = CallerApplication(id: "org.mozilla.firefox", source: .snap, displayName: "Firefox")
        let first = CallerKey(connection: ":1.7", userID: 1000, processID: 100, application: snap)
        #expect(CallerKey(connection: ":1.8", userID: 1000, processID: 200, application: snap) == first)
        #expect(CallerKey(connection: ":1.9", userID: 1000, processID: 300, application: Self.firefox) != first)
    }

    @Test("A name a host program gives itself (its systemd scope, its executable) joins no one else's turns")
    func claimsJoinNobody() {
        let sandboxed = CallerKey(connection: ":1.7", userID: 1000, processID: 100, application: Self.firefox)
        for source in [CallerApplication.Source.systemdUnit, .executable] {
            let claimed = CallerApplication(id: "org.mozilla.firefox", source: source, displayName: "Firefox")
            let first = CallerKey(connection: ":1.8", userID: 1000, processID: 200, application: claimed)
            #expect(first != sandboxed, "\(source)")
            #expect(CallerKey(connection: ":1.9", userID: 1000, processID: 300, application: claimed) != first, "\(source)")
        }
    }

    @Test("A caller the bus names no process of is its connection alone")
    func byConnection() {
        let first = CallerKey(connection: ":1.7", userID: 1000, processID: nil, application: nil)
        #expect(first == .connection(":1.7"))
        #expect(CallerKey(connection: ":1.8", userID: 1000, processID: nil, application: nil) != first)
    }
}
