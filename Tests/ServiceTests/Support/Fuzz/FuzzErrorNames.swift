/// Error names the interface documents; anything else is a bug.
enum FuzzErrorNames {
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    static let limitsExceeded = "io.github.timepickerd.TimePicker1.Error.LimitsExceeded"
    static let cancelled = "io.github.timepickerd.TimePicker1.Error.Cancelled"

    static let documented: Set<String> = [
        invalidArgs, unknownMethod, unknownObject, unknownInterface, unknownProperty, propertyReadOnly, accessDenied, limitsExceeded,
    ]

    static func isDocumented(_ name: String) -> Bool {
        documented.contains(name) || name.hasPrefix("io.github.timepickerd.TimePicker1.Error.")
    }

    /// The last part of a name, for the summary.
    static func short(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
}
