/// The table's rows by goal, printed in the order the issue lists the goals whatever order
/// they were measured in.
struct Sections {
    var roundTrips: [ResultRow] = []
    var memory: [ResultRow] = []
    var wakeUps: [ResultRow] = []
    var startUp: [ResultRow] = []
    var load: [ResultRow] = []

    var rows: [ResultRow] { roundTrips + memory + wakeUps + startUp + load }
}
