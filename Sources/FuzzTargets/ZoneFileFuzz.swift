internal import LocalSettings
internal import TimePickerCore

/// A zone file's bytes through the zone database's reader, and the zone it gives through a
/// dated picker: the reader refuses or reads any bytes, the rules it gives are in order, and a
/// day in that zone is a grid whose slots happen in order and read back from their wire text.
enum ZoneFileFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard input.count > 2 else { return }
        let bytes = Array(input)
        guard let zone = ZoneDatabase.rules(tzif: Array(bytes.dropFirst(2)), named: "Fuzz/Zone") else { return }
        for (earlier, later) in zip(zone.changes, zone.changes.dropFirst()) {
            require(earlier.instant < later.instant, "changes out of order: \(earlier.instant), \(later.instant)")
        }
        // A day between 1970 and 2099 picked by the first two bytes, at a step the day divides into.
        let days = (Int(bytes[0]) << 8 | Int(bytes[1])) % 47_000
        guard let date = CalendarDate(daysSinceEpoch: days),
              let grid = SlotGrid(date: date, zone: zone, firstMinutes: 0, lastMinutes: Slot.latestMinutes, step: [1, 15, 30, 60, 90][Int(bytes[1]) % 5])
        else { return }
        for index in grid.indices.dropFirst() {
            require(grid.elapsedSeconds(at: index) > grid.elapsedSeconds(at: index - 1), "slot \(index) does not come after the one before it")
        }
        for index in grid.indices where index % 7 == 0 {
            let slot = grid[index]
            require(Slot(wireText: slot.wireText) == slot, "\(slot.wireText) does not read back")
            require(grid.index(of: slot) == index, "\(slot.wireText) is not found at \(index)")
        }
    }
}
