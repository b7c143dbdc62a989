/// Austin Appleby's MurmurHash64A, the hash KenLM's sorted vocabulary stores for each
/// word (seed 0, over the word's UTF-8 bytes, 8-byte blocks read little-endian).
enum MurmurHash64A {
    private static let multiplier: UInt64 = 0xc6a4_a793_5bd1_e995
    private static let shift: UInt64 = 47

    /// The hash of `bytes` with `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) &* multiplier)
        let blocks = count / 8
        for block in 0..<blocks {
            var value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 8, as: UInt64.self))
            value = value &* multiplier
            value ^= value >> shift
            value = value &* multiplier
            hash ^= value
            hash = hash &* multiplier
        }
        let tail = count & 7
        if tail > 0 {
            for index in stride(from: tail - 1, through: 0, by: -1) {
                hash ^= UInt64(bytes[blocks * 8 + index]) << UInt64(8 * index)
            }
            hash = hash &* multiplier
        }
        hash ^= hash >> shift
        hash = hash &* multiplier
        hash ^= hash >> shift
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes.
    static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }
}
