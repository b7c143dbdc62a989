import Glibc

/// The engines' data files (keyboards, dictionaries, CLDR annotations), read whole.
enum DataFile {
    /// The bytes of the file at `path`, or nil when it cannot be opened.
    static func bytes(at path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
