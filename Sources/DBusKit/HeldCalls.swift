/// Bounds what the calls that wait for the bus's word on their caller hold, per caller and in
/// all: the daemon and the dialog backend keep such a call's message until the bus has said
/// which user sent it (`GetConnectionCredentials`, `GetConnectionUnixUser`).
///
/// Why a bound, and why far below libdbus's own: libdbus stops reading a connection once the
/// messages it has handed out and that are still alive pass its limit (63 MiB by default,
/// `dbus_connection_set_max_received_size`). The bus's answers that would let the waiting
/// calls go then sit unread behind more of them, and the process answers nobody until each
/// question times out: another user's 32 connections sending 16 calls of 1 MB each kept the
/// daemon deaf for 128 s. Held well below that limit, the answers are always read.
public struct HeldCalls<Caller: Hashable> {
    /// What one waiting call holds: the bytes of its body's values (strings, and a few bytes
    /// for each other value and for the header) and the descriptors it carries.
    public struct Weight: Equatable, Sendable {
        public let bytes: Int
        public let descriptors: Int

        /// The weight of a call whose body `arguments` were read from.
        public init(arguments: [DBusValue]) {
            var bytes = Self.headerBytes
            var descriptors = 0
            for value in arguments { Self.add(value, bytes: &bytes, descriptors: &descriptors) }
            self.bytes = bytes
            self.descriptors = descriptors
        }

        /// The header and libdbus's bookkeeping of one message, about.
        static var headerBytes: Int { 512 }

        private static func add(_ value: DBusValue, bytes: inout Int, descriptors: inout Int) {
            bytes += 8
            switch value {
            case .string(let text), .signature(let text): bytes += text.utf8.count
            case .objectPath(let path): bytes += path.rawValue.utf8.count
            case .unixFD: descriptors += 1
            case .array(let element, let elements):
                bytes += element.utf8.count
                for element in elements { add(element, bytes: &bytes, descriptors: &descriptors) }
            case .dictEntry(let key, let value):
                add(key, bytes: &bytes, descriptors: &descriptors)
                add(value, bytes: &bytes, descriptors: &descriptors)
            case .structure(let fields):
                for field in fields { add(field, bytes: &bytes, descriptors: &descriptors) }
            case .variant(let inner): add(inner, bytes: &bytes, descriptors: &descriptors)
            default: break
            }
        }
    }

    /// The most one caller's waiting calls may hold.
    public let perCaller: (bytes: Int, descriptors: Int)
    /// The most all waiting calls together may hold.
    public let inAll: (bytes: Int, descriptors: Int)
    private var held: [Caller: (bytes: Int, descriptors: Int)] = [:]
    private var total = (bytes: 0, descriptors: 0)

    /// A bound of `perCaller` for each caller and `inAll` for all of them.
    public init(perCaller: (bytes: Int, descriptors: Int), inAll: (bytes: Int, descriptors: Int)) {
        self.perCaller = perCaller
        self.inAll = inAll
    }

    /// Takes `weight` for a call of `caller` that is to wait; false, taking nothing, when it
    /// would pass either bound: the call is then to be answered at once.
    public mutating func hold(_ weight: Weight, for caller: Caller) -> Bool {
        let mine = held[caller] ?? (0, 0)
        guard mine.bytes + weight.bytes <= perCaller.bytes, mine.descriptors + weight.descriptors <= perCaller.descriptors,
              total.bytes + weight.bytes <= inAll.bytes, total.descriptors + weight.descriptors <= inAll.descriptors
        else { return false }
        held[caller] = (mine.bytes + weight.bytes, mine.descriptors + weight.descriptors)
        total = (total.bytes + weight.bytes, total.descriptors + weight.descriptors)
        return true
    }

    /// Gives back what `hold` took for a call of `caller` that no longer waits.
    public mutating func release(_ weight: Weight, for caller: Caller) {
        guard let mine = held[caller] else { return }
        let left = (bytes: mine.bytes - weight.bytes, descriptors: mine.descriptors - weight.descriptors)
        held[caller] = left.bytes <= 0 && left.descriptors <= 0 ? nil : left
        total = (max(0, total.bytes - weight.bytes), max(0, total.descriptors - weight.descriptors))
    }

    /// What all waiting calls hold now.
    public var holding: (bytes: Int, descriptors: Int) { total }
}
