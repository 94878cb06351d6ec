import Testing
import TimePickerCore

@Suite("WallClockTime parsing and formatting")
struct WallClockTimeTests {
    @Test(arguments: [
        ("00:00", 0), ("00:30", 30), ("01:00", 60), ("09:05", 545), ("12:00", 720),
        ("23:59", 1439), ("24:00", 1440),
    ])
    func parsesValidBusText(text: String, minutes: Int) throws {
        let time = try #require(WallClockTime(parsing: text))
        #expect(time.minutes == minutes)
        #expect(time.clockText == text)
        #expect(time.description == text)
    }

    @Test(arguments: [
        "24:01", "24:30", "25:00", "99:99", "09:60",
        "9:00", "09:0", "009:00", " 09:00", "09:00 ", "09:00\n", "0900", "09-00", "09.00", "",
        "+9:00", "-1:00", "0a:00", "09:0x",
        "٠٩:٠٠",  // Arabic-Indic digits
        "０９:００",  // fullwidth digits
        "09：00",  // fullwidth colon
    ])
    func rejectsInvalidBusText(text: String) {
        #expect(WallClockTime(parsing: text) == nil)
    }

    @Test(arguments: [-1, 1441, Int.min, Int.max])
    func rejectsMinutesOutsideTheDay(minutes: Int) {
        #expect(WallClockTime(minutes: minutes) == nil)
    }

    @Test(arguments: [0, 1, 720, 1439, 1440])
    func acceptsMinutesInsideTheDay(minutes: Int) {
        #expect(WallClockTime(minutes: minutes)?.minutes == minutes)
    }

    @Test func endOfDayIs2400() {
        #expect(WallClockTime.endOfDay.minutes == 1440)
        #expect(WallClockTime.endOfDay.clockText == "24:00")
    }

    @Test func ordersByMinutes() throws {
        let nine = try #require(WallClockTime(parsing: "09:00"))
        let ten = try #require(WallClockTime(parsing: "10:00"))
        #expect(nine < ten)
        #expect(ten < WallClockTime.endOfDay)
        #expect(!(ten < nine))
        #expect([ten, .endOfDay, nine].sorted() == [nine, ten, .endOfDay])
    }

    @Test(arguments: [
        (0, "12:00 AM", "00:00"),
        (30, "12:30 AM", "00:30"),
        (60, "1:00 AM", "01:00"),
        (540, "9:00 AM", "09:00"),
        (705, "11:45 AM", "11:45"),
        (720, "12:00 PM", "12:00"),
        (750, "12:30 PM", "12:30"),
        (780, "1:00 PM", "13:00"),
        (1265, "9:05 PM", "21:05"),
        (1439, "11:59 PM", "23:59"),
        (1440, "midnight", "24:00"),
    ])
    func labelsInBothClocks(minutes: Int, twelveHour: String, twentyFourHour: String) throws {
        let time = try #require(WallClockTime(minutes: minutes))
        #expect(time.label(.twelveHour) == twelveHour)
        #expect(time.label(.twentyFourHour) == twentyFourHour)
    }

    @Test func clockStylesAndCancelReasonsHaveBusNames() {
        #expect(ClockStyle.allCases.map(\.rawValue) == ["12h", "24h"])
        #expect(ClockStyle(rawValue: "12h") == .twelveHour)
        #expect(ClockStyle(rawValue: "24h") == .twentyFourHour)
        #expect(CancelReason.allCases.map(\.rawValue) == ["user", "timeout", "caller", "shutdown", "unavailable"])
    }
}
