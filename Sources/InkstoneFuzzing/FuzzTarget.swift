import Glibc

/// The fuzz targets, by the name `scripts/fuzz.sh` and the corpus folders use.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The buffer model (``TextFuzzer``).
    case text
    /// The composition engines (``EngineFuzzer``).
    case engines
    /// The D-Bus message reader (``MessageReaderFuzzer``).
    case reader

    /// Runs one input; throws the first broken invariant.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .text: try TextFuzzer.run(bytes)
        case .engines: try EngineFuzzer.run(bytes)
        case .reader: try MessageReaderFuzzer.run(bytes)
        }
    }

    /// The target named by `INKSTONE_FUZZ_TARGET` (for libFuzzer, which passes no target).
    public static var fromEnvironment: FuzzTarget {
        guard let raw = getenv("INKSTONE_FUZZ_TARGET"), let target = FuzzTarget(rawValue: String(cString: raw)) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            writeToStandardError("INKSTONE_FUZZ_TARGET must name a target (\(names))\n")
            exit(2)
        }
        return target
    }

    /// Runs one libFuzzer input; a broken invariant aborts so libFuzzer saves the input.
    public func runOrAbort(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try run(bytes)
        } catch {
            writeToStandardError("\(rawValue): invariant broken: \(error)\n")
            abort()
        }
    }
}

/// Every regular file under `path` (itself when it is a file), sorted.
public func fuzzInputFiles(at path: String) -> [String] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [] }
    guard (status.st_mode & S_IFMT) == S_IFDIR else { return [path] }
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var files: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == "." || name == ".." || name.hasPrefix(".") { continue }
        files += fuzzInputFiles(at: path + "/" + name)
    }
    return files.sorted()
}

/// The bytes of the file at `path`, nil when it cannot be read.
public func readFuzzInput(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// Writes `text` to file descriptor 2 unbuffered (the process may abort next).
public func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
