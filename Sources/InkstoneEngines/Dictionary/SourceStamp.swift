import Glibc

/// What identifies the source a compiled table was built from: its path, size
/// and modification time, and the version of the parser that read it. A
/// cached table is used only while all of them match.
public struct SourceStamp: Hashable, Sendable {
    /// The source file's path, as given.
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
    }

    /// The checksum of the path, as the header stores it.
    var pathHash: UInt64 { Checksum.fnv1a(path.utf8) }
}
