import Glibc
import InkstoneText

/// Object paths of documents and input contexts, and their ids.
public enum ObjectPaths {
    /// The subtree of input contexts: `/org/inkstone/Inkstone1/context/N`.
    public static let contexts = "/org/inkstone/Inkstone1/context"
    /// The subtree of documents: `/org/inkstone/Inkstone1/document/N`.
    public static let documents = "/org/inkstone/Inkstone1/document"

    /// The path of context `id`.
    public static func context(_ id: UInt64) -> String { "\(contexts)/\(id)" }

    /// The path of document `id`.
    public static func document(_ id: UInt64) -> String { "\(documents)/\(id)" }

    /// The id at the end of `path` under `subtree`; `UnknownObject` otherwise.
    public static func id(of path: String, under subtree: String) throws(InkstoneError) -> UInt64 {
        guard let id = parseID(path, under: subtree) else { throw .unknownObject("no object at \(path)") }
        return id
    }

    /// The decimal id after `subtree + "/"` in `path`, nil unless it is all digits, above 0
    /// and fits 64 bits. Reads the bytes in place: every call to a context parses its path.
    static func parseID(_ path: String, under subtree: String) -> UInt64? {
        var path = path
        return path.withUTF8 { parseID($0, under: subtree) }
    }

    /// ``parseID(_:under:)`` over a path's bytes (as dispatch reads them from the message).
    static func parseID(_ pathBytes: UnsafeBufferPointer<UInt8>, under subtree: String) -> UInt64? {
        var subtree = subtree
        return subtree.withUTF8 { prefix -> UInt64? in
            // One memcmp: a byte-by-byte comparison of the prefix cost more than the rest of the parse.
            guard pathBytes.count > prefix.count + 1, pathBytes[prefix.count] == UInt8(ascii: "/"),
                let pathStart = pathBytes.baseAddress, let prefixStart = prefix.baseAddress,
                memcmp(pathStart, prefixStart, prefix.count) == 0
            else { return nil }
            var id: UInt64 = 0
            for byte in pathBytes[(prefix.count + 1)...] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflow) = id.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                id = sum
            }
            return id > 0 ? id : nil
        }
    }

    /// Whether `pathBytes` are exactly `path`.
    static func matches(_ pathBytes: UnsafeBufferPointer<UInt8>, _ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.count == pathBytes.count else { return false }
            guard let start = bytes.baseAddress, let other = pathBytes.baseAddress else { return bytes.isEmpty }
            return memcmp(start, other, bytes.count) == 0
        }
    }
}
