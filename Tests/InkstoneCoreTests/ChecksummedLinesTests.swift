import InkstoneCore
import Testing

/// The journal framing: FNV-1a over contiguous and non-contiguous bytes,
/// fixed-width hex, and lines read back intact or damaged.
struct ChecksummedLinesTests {
    @Test("FNV-1a matches the published vectors, contiguous or not")
    func fnv1aVectors() {
        let vectors: [(String, UInt64)] = [
            ("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
        ]
        for (text, expected) in vectors {
            #expect(Checksum.fnv1a(Array(text.utf8)) == expected, "\(text)")
            #expect(Checksum.fnv1a(text.utf8) == expected, "\(text)")
            // A lazy sequence has no contiguous storage: the byte-by-byte path.
            #expect(Checksum.fnv1a(text.utf8.lazy.map { $0 }) == expected, "\(text)")
            #expect(Checksum.fnv1a(Array(("x" + text).utf8).dropFirst()) == expected, "\(text)")
        }
    }

    @Test("hex is 16 lower-case digits and parses back; anything else is refused")
    func hex() {
        for value: UInt64 in [0, 1, 0xabc, 0xcbf2_9ce4_8422_2325, .max] {
            let digits = Checksum.hexDigits(value)
            #expect(digits.count == 16)
            let plain = String(value, radix: 16)
            #expect(Checksum.hex(value) == String(repeating: "0", count: 16 - plain.count) + plain)
            #expect(digits.withUnsafeBytes { Checksum.parseHex($0) } == value)
        }
        for bad in [
            "000000000000000g", "00000000000000000", "000000000000000", "+000000000000001", "-000000000000001",
            " 00000000000000f",
        ] {
            #expect(Array(bad.utf8).withUnsafeBytes { Checksum.parseHex($0) } == nil, "\(bad)")
        }
    }

    @Test("framed lines read back intact with their ends; a torn tail or a flipped bit is damaged")
    func lines() {
        let bodies = ["", "one", "two words", String(repeating: "long ", count: 10_000)]
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for body in bodies {
            bytes += ChecksummedLines.frame(Array(body.utf8))
            ends.append(bytes.count)
        }
        let read = ChecksummedLines.lines(bytes)
        #expect(read.map(\.end) == ends)
        for (index, (line, _)) in read.enumerated() {
            guard case .intact(let body) = line else {
                Issue.record("line \(index) damaged")
                continue
            }
            #expect(Array(body) == Array(bodies[index].utf8))
        }
        // A torn tail: no newline.
        let torn = ChecksummedLines.lines(bytes + ChecksummedLines.frame(Array("tail".utf8)).dropLast())
        #expect(torn.count == bodies.count + 1)
        if case .intact = torn.last?.line { Issue.record("a line without its newline was read as intact") }
        #expect(torn.last?.end == bytes.count + 21)
        // A flipped bit in the body of the second line.
        var flipped = bytes
        flipped[ends[0] + 17] ^= 0x01
        let damaged = ChecksummedLines.lines(flipped)
        if case .intact = damaged[1].line { Issue.record("a flipped bit went unnoticed") }
        if case .damaged = damaged[2].line { Issue.record("a line after a damaged one was not read on its own") }
        // A checksum field too short.
        if case .intact = ChecksummedLines.lines(Array("abc one\n".utf8))[0].line {
            Issue.record("a short line was intact")
        }
        #expect(ChecksummedLines.lines([]).isEmpty)
    }
}
