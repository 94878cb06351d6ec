internal import Localization
import TimePickerCore

/// Pickers for the fuzz targets to drive, and what every state of a picker must satisfy.
enum FuzzPickers {
    /// The words notes are written in (English: the C locale).
    static let words = PickerWords(.c)

    /// Grids of every shape: the default, quarter hours with a minimum duration, every minute
    /// of the day, one slot, and a short evening grid whose minimum fills it.
    private static let variants: [[String: OptionValue]] = [
        [:],
        ["step": .uint32(15), "min_duration": .uint32(45), "start": .string("09:00"), "end": .string("10:00")],
        ["step": .uint32(1), "first": .string("00:00"), "last": .string("24:00")],
        ["step": .uint32(1440), "first": .string("00:00")],
        ["step": .uint32(30), "first": .string("22:00"), "last": .string("24:00"), "min_duration": .uint32(120)],
    ]

    /// A validated picker's options, `selector` choosing which.
    static func options(_ selector: UInt8) -> PickerOptions {
        do {
            return try PickerOptions(validating: variants[Int(selector) % variants.count], defaultClock: .twentyFourHour)
        } catch {
            fatalError("fuzz picker \(selector) does not validate: \(error.message)")
        }
    }

    /// The model's promises, whatever happened to it: both times are slots of its grid, in
    /// order, at least the minimum duration apart.
    static func check(_ model: PickerModel) {
        let grid = model.options.grid
        require(grid.contains(model.start) && grid.contains(model.end), "\(model.start)-\(model.end) is off the grid \(grid)")
        require(
            model.durationMinutes >= model.options.minDuration,
            "\(model.start)-\(model.end) is shorter than min_duration \(model.options.minDuration)")
    }
}
