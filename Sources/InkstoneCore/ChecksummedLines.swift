/// The framing every append-only journal shares (learning stores, durable
/// documents): one record per line, `CHECKSUM BODY\n`, where CHECKSUM is the
/// FNV-1a of BODY in 16 lower-case hex digits and BODY holds no newline.
///
/// A write torn by a crash leaves a last line without its newline or with a
/// wrong checksum; a flipped bit fails the checksum of its line.
public enum ChecksummedLines {
    /// One line of a journal, as read back.
    public enum Line {
        /// A whole line whose checksum matches: its body.
        case intact(ArraySlice<UInt8>)
        /// A line with a wrong checksum, a bad form, or no newline (the torn tail).
        case damaged
    }

    /// The line holding `body` (which must not contain a newline), newline included.
    public static func frame<Body: Collection>(_ body: Body) -> [UInt8] where Body.Element == UInt8 {
        var line = Array(Checksum.hex(Checksum.fnv1a(body)).utf8)
        line.reserveCapacity(18 + body.count)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: body)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The lines of `bytes`, in order, each with the byte offset just past it
    /// (a reader that stops at the first damaged line keeps `bytes[..<end]` of
    /// the line before). A last line without a newline is damaged.
    public static func lines(_ bytes: [UInt8]) -> [(line: Line, end: Int)] {
        var result: [(line: Line, end: Int)] = []
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: newline) else {
                result.append((.damaged, bytes.count))
                break
            }
            result.append((check(bytes[start..<end]), end + 1))
            start = end + 1
        }
        return result
    }

    /// The body of one line (newline excluded) when its checksum matches.
    private static func check(_ raw: ArraySlice<UInt8>) -> Line {
        let start = raw.startIndex
        guard raw.count >= 17, raw[start + 16] == UInt8(ascii: " "),
            let sum = UInt64(String(decoding: raw[start..<start + 16], as: UTF8.self), radix: 16),
            Checksum.fnv1a(raw[(start + 17)...]) == sum
        else { return .damaged }
        return .intact(raw[(start + 17)...])
    }
}
