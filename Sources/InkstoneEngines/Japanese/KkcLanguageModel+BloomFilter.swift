extension KkcLanguageModel {
    /// libkkc's Bloom filter over pairs of 32-bit words: a bit array (the whole file) and
    /// four MurmurHash3 (x86, 32-bit) hashes of the pair seeded 0–3, each scaled to a bit.
    final class BloomFilter: @unchecked Sendable {
        private let file: MappedFile
        private let bits: UInt64

        /// The filter at `path`, or nil when it is missing or empty (lookups then go to the records).
        init?(path: String) {
            guard let file = MappedFile(path: path), file.count > 0 else { return nil }
            self.file = file
            bits = UInt64(file.count) * 8
        }

        /// Whether the pair may be in the set (false: it certainly is not).
        func contains(_ first: UInt32, _ second: UInt32) -> Bool {
            guard let base = file.base else { return true }
            let scale = Double(bits) / Double(UInt32.max)
            for seed in UInt32(0)..<4 {
                let hash = Self.murmur(first, second, seed: seed)
                let bit = min(UInt64(Double(hash) * scale), bits - 1)
                let byte = base.load(fromByteOffset: Int(bit / 8), as: UInt8.self)
                if byte & (1 << UInt8(bit % 8)) == 0 { return false }
            }
            return true
        }

        /// MurmurHash3_x86_32 of the two words (8 bytes, no tail).
        static func murmur(_ first: UInt32, _ second: UInt32, seed: UInt32) -> UInt32 {
            func mix(_ hash: UInt32, _ word: UInt32) -> UInt32 {
                var block = word &* 0xcc9e_2d51
                block = block << 15 | block >> 17
                block = block &* 0x1b87_3593
                var hash = hash ^ block
                hash = hash << 13 | hash >> 19
                return hash &* 5 &+ 0xe654_6b64
            }
            var hash = mix(mix(seed, first), second)
            hash ^= 8
            hash ^= hash >> 16
            hash = hash &* 0x85eb_ca6b
            hash ^= hash >> 13
            hash = hash &* 0xc2b2_ae35
            hash ^= hash >> 16
            return hash
        }
    }
}
