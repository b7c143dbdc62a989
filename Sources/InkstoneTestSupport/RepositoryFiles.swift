import Glibc

/// The repository root, found from the calling file's path (every test and
/// test-support file sits two folders below it).
public func repositoryRoot(_ file: String = #filePath) -> String {
    file.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
}

/// Reads a whole file as UTF-8.
public func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw TestSupportError("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
