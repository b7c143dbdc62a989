/// Fuzzer bytes read as a stream of small decisions.
///
/// Reading past the end yields zeros, so every byte string is a valid script:
/// the fuzzer only ever changes which script runs, never whether one does.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// A reader over `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A value in `0..<count` (`count` > 0).
    public mutating func choose(_ count: Int) -> Int { Int(byte()) % count }

    /// One element of `choices` (not empty).
    public mutating func pick<Element>(_ choices: [Element]) -> Element { choices[choose(choices.count)] }

    /// Whether the next byte is odd.
    public mutating func flag() -> Bool { byte() & 1 == 1 }

    /// A little-endian 32-bit value.
    public mutating func uint32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, shift in value | UInt32(byte()) << (8 * UInt32(shift)) }
    }

    /// A little-endian 64-bit value.
    public mutating func int64() -> Int64 {
        Int64(bitPattern: (0..<8).reduce(UInt64(0)) { value, shift in value | UInt64(byte()) << (8 * UInt64(shift)) })
    }

    /// An offset that is usually small (near the text) and sometimes extreme.
    public mutating func offset(near length: Int) -> Int {
        switch choose(16) {
        case 0: return -1
        case 1: return Int.max
        case 2: return Int.min
        case 3: return Int(int64())
        case 4: return length
        default: return Int(UInt16(byte()) | UInt16(byte()) << 8) % (length + 2)
        }
    }

    /// Up to `limit` of the remaining bytes.
    public mutating func bytes(upTo limit: Int) -> [UInt8] {
        let count = min(choose(limit + 1), bytes.count - min(position, bytes.count))
        defer { position += count }
        return Array(bytes[position..<position + count])
    }
}
