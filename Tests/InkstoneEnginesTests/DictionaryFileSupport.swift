import Glibc
import InkstoneEngines
import InkstoneTestSupport

/// Writes `bytes` to `path` (replacing it).
func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
    guard let file = fopen(path, "wb") else { throw TestSupportError("cannot write \(path)") }
    defer { fclose(file) }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
}

/// The bytes of `path`, or nil when it cannot be read.
func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// The names in folder `path`.
func folderNames(_ path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// Collects the lines a store logs.
final class LogLines: @unchecked Sendable {
    private var lines: [String] = []
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    var all: [String] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return lines
    }

    var sink: @Sendable (String) -> Void {
        { [self] line in
            pthread_mutex_lock(&lock)
            lines.append(line)
            pthread_mutex_unlock(&lock)
        }
    }
}
