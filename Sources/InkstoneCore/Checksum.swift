/// FNV-1a, 64 bits: the checksum of a compiled table's header and of each
/// line of a checksummed journal (learning stores, durable documents). It detects torn writes and flipped bits, not
/// deliberate tampering (the files are the user's own, mode 0600).
public enum Checksum {
    /// The FNV-1a 64-bit hash of `bytes`.
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `value` as 16 lower-case hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
