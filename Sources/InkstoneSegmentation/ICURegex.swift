internal import CICU
import Synchronization

/// A compiled ICU regular expression (ICU's syntax: `\w`, `\p{…}`, `(?i)`, …)
/// that finds its matches in a string, offsets in UTF-16 code units.
///
/// ICU's regex objects are not thread-safe; each instance serialises its
/// calls behind a lock.
public final class ICURegex: Sendable {
    /// The pattern as given.
    public let pattern: String
    private let handle: Mutex<OpaquePointer>

    /// Why ICU refused a pattern (ICU's error name and offset).
    public struct CompileError: Error, Sendable {
        /// ICU's reason, e.g. `U_REGEX_MISMATCHED_PAREN at offset 3`.
        public let reason: String
    }

    /// Compiles `pattern`; throws ``CompileError`` when ICU refuses it (an empty pattern included).
    public init(_ pattern: String) throws(CompileError) {
        let units = Array(pattern.utf16)
        guard !units.isEmpty, units.count <= Int(Int32.max) else { throw CompileError(reason: "the pattern is empty") }
        var reason = [CChar](repeating: 0, count: 128)
        let opened = units.withUnsafeBufferPointer { buffer in
            reason.withUnsafeMutableBufferPointer { error in
                inkstone_regex_open(buffer.baseAddress, Int32(buffer.count), error.baseAddress, Int32(error.count))
            }
        }
        guard let opened else {
            let bytes = reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw CompileError(reason: String(decoding: bytes, as: UTF8.self))
        }
        self.pattern = pattern
        handle = Mutex(opened)
    }

    deinit {
        handle.withLock { inkstone_regex_close($0) }
    }

    /// The non-overlapping, non-empty matches in `units` (UTF-16), left to
    /// right, at most `limit`; `timeLimit` bounds ICU's match engine (0: no
    /// bound). Nil when ICU fails (the time limit was hit).
    public func matches(in units: [UInt16], limit: Int = 4_096, timeLimit: Int32 = 0) -> [Range<Int>]? {
        guard units.count <= Int(Int32.max), limit > 0 else { return [] }
        var ranges = [Int32](repeating: 0, count: 2 * limit)
        let found = handle.withLock { pointer in
            units.withUnsafeBufferPointer { text in
                ranges.withUnsafeMutableBufferPointer { out in
                    inkstone_regex_find_all(
                        pointer, text.baseAddress, Int32(text.count), out.baseAddress, Int32(limit), timeLimit)
                }
            }
        }
        guard found >= 0 else { return nil }
        return (0..<Int(found)).map { Int(ranges[2 * $0])..<Int(ranges[2 * $0 + 1]) }
    }
}
