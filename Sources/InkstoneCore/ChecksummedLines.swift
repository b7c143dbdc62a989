import Glibc

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
    @inlinable
    public static func frame<Body: Collection>(_ body: Body) -> [UInt8] where Body.Element == UInt8 {
        var line: [UInt8] = []
        line.reserveCapacity(18 + body.count)
        line += Checksum.hexDigits(Checksum.fnv1a(body))
        line.append(UInt8(ascii: " "))
        line += body
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The lines of `bytes`, in order, each with the byte offset just past it
    /// (a reader that stops at the first damaged line keeps `bytes[..<end]` of
    /// the line before). A last line without a newline is damaged.
    public static func lines(_ bytes: [UInt8]) -> [(line: Line, end: Int)] {
        var result: [(line: Line, end: Int)] = []
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = 0
            while start < raw.count {
                guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), raw.count - start) else {
                    result.append((.damaged, raw.count))
                    break
                }
                let end = base.distance(to: UnsafeRawPointer(found))
                let intact = isIntact(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                result.append((intact ? .intact(bytes[(start + 17)..<end]) : .damaged, end + 1))
                start = end + 1
            }
        }
        return result
    }

    /// Whether one line (newline excluded) has the form and the checksum of its body.
    private static func isIntact(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.count >= 17, line[16] == UInt8(ascii: " "),
            let sum = Checksum.parseHex(UnsafeRawBufferPointer(rebasing: line[0..<16]))
        else { return false }
        return Checksum.fnv1a(UnsafeRawBufferPointer(rebasing: line[17...])) == sum
    }
}
