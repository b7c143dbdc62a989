/// FNV-1a, 64 bits: the checksum of a compiled table's header and of each
/// line of a checksummed journal (learning stores, durable documents). It detects torn writes and flipped bits, not
/// deliberate tampering (the files are the user's own, mode 0600).
public enum Checksum {
    /// The FNV-1a offset basis: the hash of no bytes.
    public static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The FNV-1a 64-bit hash of `bytes`; contiguous storage (arrays, slices,
    /// UTF-8 views of native strings) is hashed without copying.
    @inlinable
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        if let hash = bytes.withContiguousStorageIfAvailable({ fnv1a(UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(bytes).withUnsafeBytes { fnv1a($0) }
    }

    /// The FNV-1a 64-bit hash of the bytes at `bytes`.
    @inlinable
    public static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `value` as 16 lower-case hex digits.
    @inlinable
    public static func hex(_ value: UInt64) -> String {
        String(decoding: hexDigits(value), as: UTF8.self)
    }

    /// `value` as 16 lower-case hex digits, in ASCII.
    @inlinable
    public static func hexDigits(_ value: UInt64) -> [UInt8] {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 16)
        var rest = value
        for index in stride(from: 15, through: 0, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
            digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            rest >>= 4
        }
        return digits
    }

    /// The value of exactly 16 hex digits at `digits`, or nil when they are not that.
    @inlinable
    public static func parseHex(_ digits: UnsafeRawBufferPointer) -> UInt64? {
        guard digits.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }
}
