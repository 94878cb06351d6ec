/// Something a pick tells the program on its way, that a command-line program may want to say
/// on stderr (`timepickerctl` does) and a window can ignore; the pick goes on.
public enum TimePickerNotice: Equatable, Sendable {
    /// The picker is to be shown on this program's terminal, but the program is a background
    /// job there (`prog &`): the person sees it once the job is brought to the foreground.
    case waitingForForeground
    /// `usesCallerTerminal`, but this program has no terminal: the service shows the picker
    /// where it shows others.
    case noTerminal
    /// The service's system lacks this program's locale: the picker speaks the service's language.
    case localeNotInService(String)
    /// The service's system lacks this program's time zone: the picker's day and `now` are the
    /// service's zone's.
    case zoneNotInService(String)
}
