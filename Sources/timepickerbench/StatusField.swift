/// The numeric value of a `Key:   value unit` line of a /proc status file.
func statusField(_ key: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        let digits = line.dropFirst(key.count + 1).drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber }
        return Int(digits)
    }
    return nil
}
