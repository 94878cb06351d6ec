/// The table's rows by goal, printed in the order issue 5 lists the goals whatever order they
/// were measured in, then issue 11's dialog rows.
struct Sections {
    var roundTrips: [ResultRow] = []
    var memory: [ResultRow] = []
    var wakeUps: [ResultRow] = []
    var startUp: [ResultRow] = []
    var load: [ResultRow] = []
    var dialog: [ResultRow] = []

    var rows: [ResultRow] { roundTrips + memory + wakeUps + startUp + load + dialog }
}
