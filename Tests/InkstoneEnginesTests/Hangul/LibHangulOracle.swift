import CHangul

/// libhangul's input context, used only as a reference to compare against.
final class LibHangulOracle {
    private let context: OpaquePointer

    /// `hangul_ic_new(keyboard)`; nil if libhangul does not know the keyboard.
    init?(keyboard: String) {
        _ = LibHangulOracle.initialized
        guard let context = hangul_ic_new(keyboard) else { return nil }
        self.context = context
    }

    deinit { hangul_ic_delete(context) }

    private static let initialized: Int32 = hangul_init()

    /// `hangul_ic_process`.
    func process(_ ascii: UInt8) -> Bool { hangul_ic_process(context, Int32(ascii)) }
    /// `hangul_ic_backspace`.
    func backspace() -> Bool { hangul_ic_backspace(context) }
    /// `hangul_ic_flush`.
    func flush() -> String { Self.string(hangul_ic_flush(context)) }
    /// `hangul_ic_get_preedit_string`.
    var preedit: String { Self.string(hangul_ic_get_preedit_string(context)) }
    /// `hangul_ic_get_commit_string`.
    var commit: String { Self.string(hangul_ic_get_commit_string(context)) }

    /// A zero-terminated UCS-4 string.
    private static func string(_ pointer: UnsafePointer<ucschar>?) -> String {
        guard var cursor = pointer else { return "" }
        var text = ""
        while cursor.pointee != 0 {
            if let scalar = Unicode.Scalar(cursor.pointee) { text.unicodeScalars.append(scalar) }
            cursor += 1
        }
        return text
    }
}
