internal import Glibc

/// What tells one version of a file or directory from another: its device, inode, size and
/// modification time. A reader that keeps what it read compares stamps (one `stat`) to know
/// whether to read again.
public struct FileStamp: Equatable, Sendable {
    private let fields: [Int]

    /// The stamp of what is at `path` now; one that equals no file's when there is nothing.
    public init(ofPath path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            fields = []
            return
        }
        fields = [Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
    }
}
