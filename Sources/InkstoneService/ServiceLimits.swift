import InkstoneText

/// Configurable limits that keep one client from exhausting the daemon.
/// Each violation is `InkstoneError.limitExceeded` with the limit named.
public struct ServiceLimits: Sendable, Equatable {
    /// Input contexts one peer may hold at once.
    public var contextsPerPeer: Int
    /// Documents one peer may have created and still hold.
    public var documentsPerPeer: Int
    /// The largest document, in UTF-8 bytes.
    public var documentUTF8Bytes: Int
    /// The longest string one call may carry, in UTF-8 bytes.
    public var stringUTF8Bytes: Int

    /// Creates limits; the defaults are those of a stock daemon.
    public init(
        contextsPerPeer: Int = 256,
        documentsPerPeer: Int = 256,
        documentUTF8Bytes: Int = 64 << 20,
        stringUTF8Bytes: Int = 16 << 20
    ) {
        self.contextsPerPeer = contextsPerPeer
        self.documentsPerPeer = documentsPerPeer
        self.documentUTF8Bytes = documentUTF8Bytes
        self.stringUTF8Bytes = stringUTF8Bytes
    }

    /// Throws `LimitExceeded` when `text` is longer than one call may carry.
    public func checkString(_ text: String, argument: String) throws(InkstoneError) {
        let bytes = text.utf8.count
        guard bytes <= stringUTF8Bytes else {
            throw InkstoneError.limitExceeded(
                "\(argument) is \(bytes) bytes; one call may carry at most \(stringUTF8Bytes) bytes")
        }
    }
}
