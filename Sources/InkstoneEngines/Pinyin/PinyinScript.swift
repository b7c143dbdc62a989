import InkstoneSegmentation
import Synchronization

/// Which Chinese script the pinyin engine writes: the table is Traditional;
/// Simplified output converts each candidate with ICU's `Hant-Hans` transliterator.
public enum PinyinScript: String, CaseIterable, Hashable, Sendable {
    case simplified, traditional

    /// `text` (Traditional, as the table has it) in this script.
    public func render(_ text: String) -> String {
        switch self {
        case .traditional: text
        case .simplified: PinyinScriptCache.simplified(text)
        }
    }
}

/// Conversions to Simplified made so far, shared by every engine (ICU's
/// transliterator is serialised behind a lock; a cache hit costs a dictionary lookup).
enum PinyinScriptCache {
    private static let cache = Mutex<[String: String]>([:])
    /// Past this many texts the cache starts over (bounded memory).
    static let capacity = 50_000

    static func simplified(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        if let known = cache.withLock({ $0[text] }) { return known }
        let converted = Transliterator.shared("Hant-Hans")?.transliterate(text) ?? text
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = converted
        }
        return converted
    }
}
