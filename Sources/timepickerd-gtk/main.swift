import Glibc
import GtkDialogBackend

// The executable only hands over: parsing, wiring and running live in GtkDialogBackend.
exit(GtkBackend.main(Array(CommandLine.arguments.dropFirst())))
