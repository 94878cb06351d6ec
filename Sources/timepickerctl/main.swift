import Glibc
import TimePickerClient

// The executable only hands over: parsing, the commands and their output live in TimePickerClient.
exit(Client.main(Array(CommandLine.arguments.dropFirst())))
