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
        let prefix = subtree + "/"
        guard path.hasPrefix(prefix), let id = UInt64(path.dropFirst(prefix.count)), id > 0 else {
            throw .unknownObject("no object at \(path)")
        }
        return id
    }
}
