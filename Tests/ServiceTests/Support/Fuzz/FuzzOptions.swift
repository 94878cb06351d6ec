import DBusKit

/// Picker options for the fuzz test: valid ones, and ones wrong in exactly one value.
extension FuzzInput {
    /// Options the service must accept: every key valid alone and together. Each key is
    /// present or not at random; `tokens` are the handle_token values to draw from.
    mutating func validOptions(tokens: [String]) -> [String: DBusValue] {
        var options: [String: DBusValue] = [:]
        let steps: [UInt32] = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440]
        let step = chance(0.6) ? pick(steps) : 60
        if step != 60 || chance(0.3) { options["step"] = .uint32(step) }
        let firstMinutes = chance(0.5) ? 60 : int(0...1440)
        if firstMinutes != 60 || chance(0.3) { options["first"] = .string(Self.clock(firstMinutes)) }
        var lastMinutes = firstMinutes + (1440 - firstMinutes) / Int(step) * Int(step)
        if chance(0.5) {
            lastMinutes = firstMinutes + int(0...(lastMinutes - firstMinutes) / Int(step)) * Int(step)
            options["last"] = .string(Self.clock(lastMinutes))
        }
        let span = lastMinutes - firstMinutes
        var minDuration = 0
        if chance(0.4) {
            minDuration = pick([0, span, int(0...span)])
            options["min_duration"] = .uint32(UInt32(minDuration))
        }
        let startSlots = (span - minDuration) / Int(step)
        let startMinutes = firstMinutes + int(0...startSlots) * Int(step)
        if chance(0.5) { options["start"] = .string(Self.clock(startMinutes)) }
        if chance(0.5), options["start"] != nil {
            let earliest = startMinutes + minDuration
            let firstEndSlot = (earliest - firstMinutes + Int(step) - 1) / Int(step)
            let endSlot = int(firstEndSlot...span / Int(step))
            options["end"] = .string(Self.clock(firstMinutes + endSlot * Int(step)))
        }
        if chance(0.5) { options["title"] = .string(validTitle()) }
        if chance(0.3) { options["timeout"] = .uint32(pick([0, 1, 3600, UInt32.max])) }
        if chance(0.5) { options["handle_token"] = .string(pick(tokens)) }
        if chance(0.3) { options["clock"] = .string(pick(["12h", "24h"])) }
        if chance(0.1) { options["terminal"] = .unixFD(pick(terminals)) }
        return options
    }

    /// A title within the limits (200 characters, 2000 code points), awkward all the same.
    private mutating func validTitle() -> String {
        pick([
            "", "Meeting", String(repeating: "x", count: 200), "\u{202E}evil\u{202C} \u{1B}[2J\u{07}\r\nnext",
            "e" + String(repeating: "\u{0301}", count: 1998), String(repeating: "👨‍👩‍👧‍👦", count: 200),
            String(repeating: "\u{1B}", count: 200), "日本語のタイトル", "a\tb\u{0}c",
        ])
    }

    /// Valid options with exactly one key made wrong in value (not in type); returns them and
    /// the keys an error may blame.
    mutating func optionsWithBadValue(tokens: [String]) -> (options: [String: DBusValue], blamed: Set<String>) {
        var options = validOptions(tokens: tokens)
        switch int(0...7) {
        case 0:
            options["step"] = .uint32(pick([0, 7, 11, 1000, 1441, 2880, UInt32.max]))
            return (options, ["step"])
        case 1:
            let key = pick(["first", "last", "start", "end"])
            options[key] = .string(badTime())
            // A bad first is found before last, start and end are looked at; a bad last
            // before start and end; and so on.
            return (options, [key])
        case 2:
            options = ["first": .string("10:00"), "last": .string(pick(["09:00", "00:00", "09:59"]))]
            return (options, ["last"])
        case 3:
            options = ["step": .uint32(60), "start": .string(pick(["01:30", "00:00", "00:59"])), "end": .string("02:00")]
            return (options, ["start"])
        case 4:
            options = ["start": .string("10:00"), "end": .string(pick(["09:00", "01:00"]))]
            return (options, ["end"])
        case 5:
            options = ["min_duration": .uint32(pick([1381, 1441, UInt32.max])), "first": .string("01:00")]
            if chance(0.5) { options["start"] = .string("12:00") }
            return (options, ["min_duration", "start"])
        case 6:
            options["title"] = .string(pick([
                String(repeating: "x", count: 201), Self.hugeText, "e" + String(repeating: "\u{0301}", count: 2000),
                String(repeating: "\u{1B}", count: 201),
            ]))
            return (options, ["title"])
        default:
            let key = pick(["handle_token", "clock"])
            options[key] = .string(key == "clock"
                ? pick(["13h", "", "12H", "24", " 12h", Self.hugeText])
                : pick(["", "a-b", "a/b", "ä", "..", " ", String(repeating: "a", count: 256), Self.hugeText]))
            return (options, [key])
        }
    }

    /// "HH:MM" for minutes since midnight, 0...1440.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

/// What the fuzz test knows of the options, mirrored from the documentation.
enum FuzzOptionKeys {
    static let knownKeys = [
        "title", "step", "first", "last", "start", "end", "min_duration", "timeout", "timeout_extensions", "handle_token", "clock", "terminal",
    ]
    /// The type each known key wants.
    static let types: [String: String] = [
        "title": "s", "step": "u", "first": "s", "last": "s", "start": "s", "end": "s", "min_duration": "u",
        "timeout": "u", "timeout_extensions": "u", "handle_token": "s", "clock": "s", "terminal": "h",
    ]
}
