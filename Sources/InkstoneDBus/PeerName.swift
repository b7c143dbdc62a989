import InkstoneText

/// The names a peer can have as a caller: a unique bus name (`:1.42`) or a
/// direct peer-to-peer identity (`p2p:7`, see ``PeerTransport``).
enum PeerName {
    /// The longest bus name D-Bus allows.
    static let maximumLength = 255

    /// Whether `name` is a unique bus name: `:` then at least two
    /// dot-separated elements of `[A-Za-z0-9_-]`, at most 255 bytes.
    static func isUniqueBusName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count <= maximumLength, bytes.first == UInt8(ascii: ":") else { return false }
        let elements = bytes.dropFirst().split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return elements.count >= 2
            && elements.allSatisfy { element in
                !element.isEmpty
                    && element.allSatisfy { byte in
                        switch byte {
                        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                            true
                        default:
                            false
                        }
                    }
            }
    }

    /// Whether `name` is a direct peer-to-peer identity: the prefix, then a decimal number.
    static func isPeerIdentity(_ name: String) -> Bool {
        guard name.hasPrefix(PeerTransport.identityPrefix) else { return false }
        let digits = name.utf8.dropFirst(PeerTransport.identityPrefix.utf8.count)
        return !digits.isEmpty && digits.count <= 19
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Throws `InvalidArgument` unless `name` names a peer (see ``isUniqueBusName(_:)``, ``isPeerIdentity(_:)``).
    static func validate(_ name: String, argument: String) throws(InkstoneError) {
        guard isUniqueBusName(name) || isPeerIdentity(name) else {
            let shown = name.utf8.count > 64 ? String(decoding: name.utf8.prefix(64), as: UTF8.self) + "…" : name
            throw .invalidArgument(
                "\(argument) '\(shown)' is not a peer: give a unique bus name such as :1.42 (or a p2p:N identity)")
        }
    }
}
