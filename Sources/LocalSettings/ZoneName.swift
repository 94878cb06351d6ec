/// The names a zone may be asked for by: IANA's ("Europe/Berlin", "America/Argentina/Salta",
/// "Etc/GMT+5"), relative paths inside the zone directory and nothing else, so that a caller's
/// string never reaches a file outside it.
enum ZoneName {
    /// The longest name taken, in bytes (IANA's are under 40).
    static let maximumBytes = 255

    /// Whether `name` is one: components of ASCII letters, digits, '_', '-' and '+', joined by
    /// '/'; none empty (so not absolute), none '.' or '..' (no dots at all), at most
    /// `maximumBytes` bytes.
    static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return false }
        var componentLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                guard componentLength > 0 else { return false }
                componentLength = 0
            } else {
                guard isNameByte(byte) else { return false }
                componentLength += 1
            }
        }
        return componentLength > 0
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            true
        default:
            false
        }
    }
}
