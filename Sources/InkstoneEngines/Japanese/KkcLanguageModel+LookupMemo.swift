extension KkcLanguageModel {
    /// N-gram lookups made before (record index, or the model lacking the n-gram), by record
    /// key: open addressing with linear probing over a power-of-two table and a multiplicative
    /// hash, cheaper than a `Dictionary` (no seeded hashing) for the tens of thousands of
    /// lookups a sentence makes. Emptied when half full; the table is allocated on first use.
    struct LookupMemo {
        /// Slots in the table.
        static let capacity = 1 << 18
        /// Entries kept before the memo starts afresh.
        static let maximumCount = capacity / 2

        private var keys: [UInt64] = []
        /// Per slot: 0 empty, 1 the model lacks the n-gram, else its record index + 2.
        private var values: [Int32] = []
        private(set) var count = 0

        /// The memoised answer for `key`: nil when not memoised, `.some(nil)` when the model lacks it.
        func value(for key: UInt64) -> Int?? {
            guard !values.isEmpty else { return nil }
            var slot = Self.slot(key)
            while true {
                let value = values[slot]
                if value == 0 { return nil }
                if keys[slot] == key { return value == 1 ? .some(nil) : Int(value - 2) }
                slot = (slot + 1) & (Self.capacity - 1)
            }
        }

        /// Remembers `record` (nil: the model lacks it) for `key`.
        mutating func insert(_ key: UInt64, _ record: Int?) {
            if values.isEmpty {
                keys = [UInt64](repeating: 0, count: Self.capacity)
                values = [Int32](repeating: 0, count: Self.capacity)
            }
            if count >= Self.maximumCount {
                for index in values.indices { values[index] = 0 }
                count = 0
            }
            let value = record.map { Int32(truncatingIfNeeded: $0 + 2) } ?? 1
            var slot = Self.slot(key)
            while values[slot] != 0 {
                if keys[slot] == key {
                    values[slot] = value
                    return
                }
                slot = (slot + 1) & (Self.capacity - 1)
            }
            keys[slot] = key
            values[slot] = value
            count += 1
        }

        private static func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - capacity.trailingZeroBitCount))
        }
    }
}
