import Glibc
import TimePickerDaemon

// The executable only hands over: parsing, wiring and running live in TimePickerDaemon.
exit(Daemon.main(Array(CommandLine.arguments.dropFirst())))
