import Glibc

/// Writes that survive a crash: whole files replaced atomically (temporary
/// file, `fsync`, `rename`, `fsync` of the folder) and appends made durable
/// with `fdatasync`. Files are created 0600, folders 0700.
public enum DurableFile {
    /// Why a durable write failed: the step and `errno`'s text.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        /// A failure of `step` on `path`, with the text of the current `errno`.
        public init(_ step: String, _ path: String) {
            description = "\(step) \(path): \(String(cString: strerror(errno)))"
        }
    }

    /// Creates `path` and its missing parents with mode 0700.
    public static func makeDirectory(_ path: String) throws(Failure) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST { throw Failure("cannot create", built) }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            errno = ENOTDIR
            throw Failure("cannot use", path)
        }
    }

    /// Replaces `path` with `bytes` atomically: a reader sees the old file or
    /// the new one, never a mix, and after return the new one survives a crash.
    /// The temporary file is named after the process, so two daemons never write one.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("cannot create", temporary) }
        do throws(Failure) {
            try writeAll(descriptor, bytes, path: temporary)
            guard fsync(descriptor) == 0 else { throw Failure("cannot sync", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let failure = Failure("cannot rename onto", path)
            unlink(temporary)
            throw failure
        }
        try syncFolder(of: path)
    }

    /// Appends `bytes` to the file open as `descriptor` (opened with `O_APPEND`)
    /// and waits until they are on disk.
    public static func append(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        try writeAll(descriptor, bytes, path: path)
        guard fdatasync(descriptor) == 0 else { throw Failure("cannot sync", path) }
    }

    /// Makes the folder entry of `path` (a create or rename) durable.
    public static func syncFolder(of path: String) throws(Failure) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot open", folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("cannot sync", folder) }
    }

    /// Reads the whole file, or nil when it does not exist; other failures throw.
    public static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure("cannot open", path)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot read", path)
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot write", path)
            }
            written += count
        }
    }
}
