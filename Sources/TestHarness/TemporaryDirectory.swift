public import Foundation

/// A new directory under the temporary directory (`TMPDIR`, else /tmp), named after `prefix`;
/// the caller removes it.
public func makeTemporaryDirectory(prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("timepickerd-tests-\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
