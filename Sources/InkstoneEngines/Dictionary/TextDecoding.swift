import Glibc

/// Dictionary files' text: UTF-8, or EUC-JP as SKK's own dictionaries are written.
public enum TextDecoding {
    /// `bytes` as text: valid UTF-8 as is, else EUC-JP converted with iconv;
    /// nil when it is neither or holds a NUL byte (not a text file).
    public static func dictionaryText(_ bytes: [UInt8]) -> String? {
        guard !bytes.contains(0) else { return nil }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return eucJP(bytes)
    }

    /// EUC-JP `bytes` converted to a string, or nil when they are not valid EUC-JP.
    public static func eucJP(_ bytes: [UInt8]) -> String? {
        guard let converted = eucJPToUTF8(bytes, replacingInvalid: false) else { return nil }
        return String(validating: converted, as: UTF8.self)
    }

    /// EUC-JP `bytes` converted to UTF-8 bytes with Glibc's iconv. With
    /// `replacingInvalid`, an undecodable byte becomes U+FFFD and the rest is
    /// converted; without it, an undecodable byte gives nil. Nil also when
    /// iconv has no EUC-JP converter.
    public static func eucJPToUTF8(_ bytes: [UInt8], replacingInvalid: Bool) -> [UInt8]? {
        let converter = iconv_open("UTF-8", "EUC-JP")
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var written = 0
        var complete = true
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                guard let sourceBase = source.baseAddress, let targetBase = target.baseAddress else { return }
                var inPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(sourceBase).assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(targetBase).assumingMemoryBound(to: CChar.self)
                var outLeft = target.count
                while inLeft > 0 {
                    if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 { break }
                    guard replacingInvalid, errno == EILSEQ || errno == EINVAL, outLeft >= 3 else {
                        complete = false
                        break
                    }
                    // Skip one undecodable byte, mark it with U+FFFD (EF BF BD).
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                    for byte: UInt8 in [0xef, 0xbf, 0xbd] {
                        outPointer?.pointee = CChar(bitPattern: byte)
                        outPointer = outPointer.map { $0 + 1 }
                        outLeft -= 1
                    }
                }
                written = target.count - outLeft
            }
        }
        guard complete else { return nil }
        return Array(output[0..<written])
    }
}
