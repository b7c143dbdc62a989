/// A fingerprint of a text: its UTF-8 length and a 64-bit FNV-1a hash of its
/// bytes. An undo record keeps this instead of the text it inserted — enough to
/// tell whether the range still holds that text before reverting it — so a
/// large insert is not stored a second time.
struct TextDigest: Equatable {
    /// The text's length in UTF-8 bytes.
    private(set) var utf8Count = 0
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The digest of the empty text.
    init() {}

    /// The digest of `text`.
    init(_ text: some StringProtocol) { append(text) }

    /// Whether the text is empty.
    var isEmpty: Bool { utf8Count == 0 }

    /// The digest of the text followed by `text` (FNV-1a continues byte by byte).
    mutating func append(_ text: some StringProtocol) {
        var hash = self.hash
        var count = 0
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        self.hash = hash
        utf8Count += count
    }
}
