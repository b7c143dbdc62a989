import DBusKit

/// One shared document of the daemon (`org.inkstone.Document1` at ``path``).
public struct DocumentProxy: Sendable, Equatable {
    /// The connection calls go on.
    public let connection: InkstoneConnection
    /// The document's object path.
    public let path: String

    /// A proxy for the document at `path` on `connection`.
    public init(connection: InkstoneConnection, path: String) {
        self.connection = connection
        self.path = path
    }

    /// Two proxies are equal when they name the same document on the same connection.
    public static func == (lhs: DocumentProxy, rhs: DocumentProxy) -> Bool {
        lhs.connection === rhs.connection && lhs.path == rhs.path
    }

    /// `Share`: lets the peer with unique name `peer` attach contexts to this document.
    public func share(with peer: String) throws(InkstoneClientError) {
        try connection.call(path: path, interface: InkstoneNames.documentInterface, member: "Share") { $0.append(peer) }
    }

    /// `Unshare`: takes the permission back.
    public func unshare(with peer: String) throws(InkstoneClientError) {
        try connection.call(path: path, interface: InkstoneNames.documentInterface, member: "Unshare") {
            $0.append(peer)
        }
    }

    /// A property of `Document1`, unwrapped from its variant.
    public func property(_ name: String) throws(InkstoneClientError) -> DBusValue {
        try connection.property(name, of: InkstoneNames.documentInterface, at: path)
    }

    /// `CreateInputContext` on this document: `options` with `document` set to it.
    public func createContext(_ options: InputContextOptions = InputContextOptions())
        throws(InkstoneClientError) -> InputContextProxy
    {
        var options = options
        options.document = path
        return try connection.createContext(options)
    }
}
