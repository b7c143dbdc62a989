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
        let converter = iconv_open("UTF-8", "EUC-JP")
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 2 + 16)
        let outputCapacity = output.count
        var inputLeft = input.count
        var outputLeft = outputCapacity
        let result = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputCursor = inputBuffer.baseAddress
                var outputCursor = outputBuffer.baseAddress
                return iconv(converter, &inputCursor, &inputLeft, &outputCursor, &outputLeft)
            }
        }
        guard result != -1, inputLeft == 0 else { return nil }
        let converted = output[0..<(outputCapacity - outputLeft)].map { UInt8(bitPattern: $0) }
        return String(validating: converted, as: UTF8.self)
    }
}
