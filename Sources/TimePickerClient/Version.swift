/// The client's version, printed by `--version`.
public let clientVersion = "0.1.0"
