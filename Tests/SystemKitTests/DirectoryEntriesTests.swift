import Glibc
import SystemKit
import Testing

@Suite("Reading a directory")
struct DirectoryEntriesTests {
    @Test("Every entry but . and .., names that begin with dots included; nil for no directory")
    func names() throws {
        var template = Array("/tmp/timepickerd-entries-XXXXXX".utf8CString)
        let made = try #require(mkdtemp(&template))
        let directory = String(cString: made)
        let names = ["plain", ".hidden", "..twodots", "...", "with space"]
        defer {
            for name in names { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        for name in names {
            let descriptor = open(directory + "/" + name, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
            close(descriptor)
        }
        #expect(directoryEntryNames(atPath: directory).map(Set.init) == Set(names))
        var count = 0
        #expect(forEachDirectoryEntry(atPath: directory) { _ in count += 1 })
        #expect(count == names.count)
        #expect(directoryEntryNames(atPath: directory + "/plain") == nil)
        #expect(directoryEntryNames(atPath: directory + "/missing") == nil)
    }
}
