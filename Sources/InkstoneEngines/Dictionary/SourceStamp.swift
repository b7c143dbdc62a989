import Glibc
import InkstoneCore

/// What identifies the source a compiled table was built from: its path, size
/// and modification time, and the version of the parser that read it. A
/// cached table is used only while all of them match.
///
/// A table built from several files (``init(paths:formatVersion:)``) is stamped
/// with all of them: their total size, the newest modification time, and a hash
/// of every path with its own size and modification time, so a change to any
/// one file, or a file added to or dropped from the list, makes the stamp differ.
public struct SourceStamp: Hashable, Sendable {
    /// The source file's path, as given (several paths: joined by newlines).
    public var path: String
    /// Its size in bytes.
    public var size: UInt64
    /// Its modification time, seconds since the epoch.
    public var modificationSeconds: Int64
    /// The nanoseconds of its modification time.
    public var modificationNanoseconds: Int64
    /// The version of the parser and row format; bump it when the parser changes.
    public var formatVersion: UInt32

    /// The stamp of `path` as it is now, or nil when it cannot be read.
    public init?(path: String, formatVersion: UInt32) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        size = UInt64(info.st_size)
        modificationSeconds = Int64(info.st_mtim.tv_sec)
        modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
        self.formatVersion = formatVersion
        pathHash = Checksum.fnv1a(path.utf8)
    }

    /// The stamp of the files at `paths` (in this order) as they are now, or nil
    /// when the list is empty or one of them cannot be read.
    public init?(paths: [String], formatVersion: UInt32) {
        guard !paths.isEmpty else { return nil }
        var identity: [UInt8] = []
        var total: UInt64 = 0
        var newest: (seconds: Int64, nanoseconds: Int64) = (.min, 0)
        for file in paths {
            guard let one = SourceStamp(path: file, formatVersion: formatVersion) else { return nil }
            total &+= one.size
            if (one.modificationSeconds, one.modificationNanoseconds) > newest {
                newest = (one.modificationSeconds, one.modificationNanoseconds)
            }
            identity += Array(file.utf8) + [0]
            identity += Array("\(one.size) \(one.modificationSeconds) \(one.modificationNanoseconds)".utf8) + [0]
        }
        path = paths.joined(separator: "\n")
        size = total
        modificationSeconds = newest.seconds
        modificationNanoseconds = newest.nanoseconds
        self.formatVersion = formatVersion
        pathHash = Checksum.fnv1a(identity)
    }

    /// The checksum of the path (for several files: of every path with its size
    /// and modification time), as the header stores it.
    private(set) var pathHash: UInt64
}
