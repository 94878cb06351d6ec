import DBusKit

/// One fuzzing connection and what it has in flight.
final class FuzzPeer {
    let client: BusClient
    /// Calls sent and not yet answered, by serial.
    var waiting: [UInt32: FuzzCall] = [:]
    /// The Ping sent after each batch: its answer comes after every immediate answer.
    var barrier: UInt32?
    /// Handles of sessions ShowTimePicker made for this connection that may still be open.
    var shows: Set<ObjectPath> = []

    init(client: BusClient) { self.client = client }

    var senderElement: String { client.senderElement }
    var node: ObjectPath { FuzzCallMaker.sessionPath(sender: senderElement, token: nil) }
    /// The sessions of the PickTimeRange calls still waiting for their answer.
    var waitingPicks: Set<ObjectPath> { Set(waiting.values.compactMap(\.sessionPath)) }
}
