/// Stops the process with `message` when `condition` is false: a broken promise, which libFuzzer
/// reports as a crash with its input. Unlike `precondition`, it keeps the message in the
/// optimised builds `make fuzz` runs.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
