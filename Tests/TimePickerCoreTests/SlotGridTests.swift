import Testing
import TimePickerCore

@Suite("SlotGrid")
struct SlotGridTests {
    @Test(arguments: [
        ("01:00", "01:00", 0),
        ("10:00", "09:00", 60),
        ("01:00", "23:30", 60),
        ("01:00", "24:00", -15),
    ])
    func rejectsBrokenInvariants(first: String, last: String, step: Int) {
        #expect(SlotGrid(first: time(first), last: time(last), step: step) == nil)
    }

    @Test func hourlyGridOfTheOriginal() throws {
        let grid = try #require(SlotGrid(first: time("01:00"), last: .endOfDay, step: 60))
        #expect(grid.count == 24)
        #expect(grid[0] == slot("01:00"))
        #expect(grid[11] == slot("12:00"))
        #expect(grid[23] == Slot(.endOfDay))
        #expect(grid.slots.count == 24)
        #expect(grid.slots.first == slot("01:00"))
        #expect(grid.slots.last == Slot(.endOfDay))
        #expect(grid.slotsPerHour == 1)
    }

    @Test(arguments: [
        ("01:00", 0), ("02:00", 1), ("24:00", 23),
    ])
    func findsIndexOfSlots(text: String, index: Int) throws {
        let grid = try #require(SlotGrid(first: time("01:00"), last: .endOfDay, step: 60))
        #expect(grid.index(of: slot(text)) == index)
    }

    @Test(arguments: ["00:00", "00:59", "01:30", "23:59"])
    func findsNoIndexForNonSlots(text: String) throws {
        let grid = try #require(SlotGrid(first: time("01:00"), last: .endOfDay, step: 60))
        #expect(grid.index(of: slot(text)) == nil)
        #expect(!grid.contains(slot(text)))
    }

    @Test func noIndexPastTheLastSlot() throws {
        let grid = try #require(SlotGrid(first: time("08:00"), last: time("18:00"), step: 30))
        #expect(grid.index(of: slot("18:00")) == 20)
        #expect(grid.index(of: slot("18:30")) == nil)
        #expect(grid.index(of: slot("07:30")) == nil)
    }

    @Test(arguments: [(1, 60), (5, 12), (15, 4), (30, 2), (45, 1), (60, 1), (90, 1), (1440, 1)])
    func slotsPerHourIsAtLeastOne(step: Int, slotsPerHour: Int) throws {
        let grid = try #require(SlotGrid(first: time("00:00"), last: .endOfDay, step: step))
        #expect(grid.slotsPerHour == slotsPerHour)
    }

    @Test func singleSlotGrid() throws {
        let grid = try #require(SlotGrid(first: time("12:00"), last: time("12:00"), step: 1440))
        #expect(grid.count == 1)
        #expect(grid.slots == [slot("12:00")])
    }
}
