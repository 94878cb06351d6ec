package import DBusKit
internal import TimePickerContract
package import Logging
internal import Glibc

/// The backend on the session bus, whatever toolkit draws its dialogs: a libdbus connection of
/// its own driven by the toolkit's loop, the backend's interface served on it
/// (`BackendService`), its well-known name, and the idle exit. A toolkit's main opens its
/// display, starts this, and runs its loop until `stop` is called.
@MainActor
package final class BackendServer {
    private let connection: DBusConnection
    private let service: BackendService
    /// Keeps the name from another user as the backend leaves.
    private let handOver: NameHandOver

    /// Connects to the session bus, serves the interface, then owns `name`, so that no call can
    /// arrive before the object exists. `stop` is called when the backend should leave: idle for
    /// `idleTimeoutSeconds` (from now, and from the end of its last use) while no connection of
    /// another user waits in the name's queue (else it stays another timeout), or the bus gone.
    /// Throws, saying why in one line, when it cannot be on the bus as `name`.
    package init(
        name: BusName, loop: any BackendLoop, windows: any DialogWindowFactory, display: DisplayAvailability,
        idleTimeoutSeconds: UInt32, log: Logger, stop: @escaping @MainActor () -> Void
    ) throws(BackendStartError) {
        do {
            connection = try DBusConnection.sessionBus()
        } catch {
            throw BackendStartError("cannot connect to the session bus: \(error.message)")
        }
        connection.attach(to: loop)
        connection.reportFirstForgedReply { log.warning($0) }
        let handOver = NameHandOver(name: name, bus: connection, driver: loop, ownUser: getuid())
        handOver.onHolding = { obstacle in log.warning("not stopping yet: \(obstacle); stopping once it has gone") }
        self.handOver = handOver
        // Said once for each new obstacle: a short timeout must not fill the log.
        var lastObstacle: String?
        let idle = IdleExit(seconds: idleTimeoutSeconds, loop: loop) { answer in
            handOver.askWhetherSafe { obstacle in
                MainActor.assumeIsolated {
                    if let obstacle, obstacle.description != lastObstacle {
                        log.warning("staying past the idle timeout: \(obstacle)")
                    }
                    lastObstacle = obstacle?.description
                    answer(obstacle == nil)
                }
            }
        } onIdle: {
            log.debug("idle for \(idleTimeoutSeconds) s: exiting")
            stop()
        }
        service = BackendService(bus: connection, loop: loop, windows: windows, display: display, idle: idle, log: log)
        service.onDisconnected = {
            log.debug("the bus connection closed: exiting")
            stop()
        }
        service.start()
        let reply: NameRequestReply
        do {
            reply = try connection.requestName(name, flags: [.doNotQueue])
        } catch {
            throw BackendStartError("cannot own \(name): \(error.message)")
        }
        guard reply == .primaryOwner || reply == .alreadyOwner else {
            throw BackendStartError("\(name) is already owned on this bus: another backend runs")
        }
        log.debug("serving \(DialogBackendBus.interface) as \(name)")
    }

    /// Ends every dialog with response 2 and `reason`, and sends the replies before returning:
    /// the process is about to exit.
    package func closeAll(reason: String) {
        service.closeAll(reason: reason)
    }

    /// Runs `leave` once no connection of another user waits in the name's queue, which the
    /// bus would hand the name to as the backend exits: at once, or once it has gone (the
    /// backend goes on serving meanwhile, and logs why).
    package func leaveWhenNameSafe(_ leave: @escaping @MainActor () -> Void) {
        handOver.leaveWhenSafe { MainActor.assumeIsolated { leave() } }
    }
}
