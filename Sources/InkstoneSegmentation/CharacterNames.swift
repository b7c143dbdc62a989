internal import CICU

/// Unicode character names from ICU (`GREEK SMALL LETTER ALPHA` ↔ α).
public enum CharacterNames {
    /// The Unicode name of `scalar` in upper case, or nil when it has none
    /// (controls, unassigned and private-use code points).
    public static func name(of scalar: Unicode.Scalar) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            let length = inkstone_char_name(scalar.value, buffer.baseAddress, Int32(buffer.count))
            guard length > 0 else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self)
        }
    }

    /// The character whose Unicode name is `name` (any case; `greek small letter alpha`), or nil.
    public static func scalar(named name: String) -> Unicode.Scalar? {
        guard !name.isEmpty, name.utf8.count < 128, name.utf8.allSatisfy({ $0 > 0 && $0 < 0x80 }) else { return nil }
        let value = inkstone_char_from_name(name)
        guard value >= 0 else { return nil }
        return Unicode.Scalar(UInt32(value))
    }
}
