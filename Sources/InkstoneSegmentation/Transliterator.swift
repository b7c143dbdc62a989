internal import CICU
import Synchronization

/// An ICU transliterator by id (`Hiragana-Katakana`, `Katakana-Hiragana`,
/// `Hant-Hans`, `Fullwidth-Halfwidth`, `Halfwidth-Fullwidth`, …).
///
/// ICU's transliterators are not thread-safe; each instance serialises its
/// calls behind a lock, and ``shared(_:)`` keeps one instance per id so the
/// costly open happens once per process.
public final class Transliterator: Sendable {
    /// The ICU id this transliterator was opened with.
    public let id: String
    private let handle: Mutex<OpaquePointer>

    /// Opens the transliterator `id`, or returns nil when ICU does not know it.
    public init?(_ id: String) {
        guard let opened = inkstone_transliterator_open(id) else { return nil }
        self.id = id
        handle = Mutex(opened)
    }

    deinit {
        handle.withLock { inkstone_transliterator_close($0) }
    }

    private static let cache = Mutex<[String: Transliterator]>([:])

    /// The process-wide instance for `id`, opened on first use; nil when ICU does not know `id`.
    public static func shared(_ id: String) -> Transliterator? {
        cache.withLock { cache in
            if let known = cache[id] { return known }
            guard let made = Transliterator(id) else { return nil }
            cache[id] = made
            return made
        }
    }

    /// `text` transliterated (the text itself if ICU fails, which it does only on
    /// memory exhaustion or a result over 2^31 code units).
    public func transliterate(_ text: String) -> String {
        let source = Array(text.utf16)
        guard !source.isEmpty else { return text }
        // Growth beyond four times the input is unheard of for these transforms; retry larger once.
        for factor in [4, 16] {
            let capacity = source.count * factor + 16
            guard capacity <= Int(Int32.max) else { return text }
            var units = source + [UInt16](repeating: 0, count: capacity - source.count)
            let length = handle.withLock { pointer in
                units.withUnsafeMutableBufferPointer {
                    inkstone_transliterate(pointer, $0.baseAddress, Int32(source.count), Int32(capacity))
                }
            }
            if length >= 0 { return String(decoding: units[0..<Int(length)], as: UTF16.self) }
        }
        return text
    }
}
