import InkstoneSegmentation
import Synchronization

/// Traditional text read as Simplified with ICU's `Hant-Hans` transliterator, and the
/// conversions made so far (a hit costs a dictionary lookup).
///
/// Opening the transliterator costs ICU tens of milliseconds (it compiles the rules), so a
/// pinyin dictionary's load starts the open on a background task (``openInBackground()``)
/// and the first key finds it open. A conversion asked for while the open is under way waits
/// for that open; the transliterator is opened once, whichever thread comes first.
final class PinyinSimplifier: Sendable {
    /// The process-wide instance every pinyin engine and table build converts with.
    static let shared = PinyinSimplifier()

    /// Past this many texts the conversion cache starts over (bounded memory).
    static let capacity = 50_000

    /// The transliterator once opened (nil inside: ICU does not know `Hant-Hans`); held
    /// while it is opened, so a second caller waits for the first open instead of opening again.
    private let opened = Mutex<Transliterator??>(nil)
    private let conversions = Mutex<[String: String]>([:])
    private let backgroundOpenStarted = Atomic(false)
    private let openCount = Atomic(0)

    /// How many times the transliterator was opened (once, by whichever caller came first).
    var opens: Int { openCount.load(ordering: .acquiring) }

    /// The transliterator, opened now unless it is already (waiting for an open under way).
    var transliterator: Transliterator? {
        opened.withLock { opened in
            if let known = opened { return known }
            let made = Transliterator("Hant-Hans")
            openCount.add(1, ordering: .releasing)
            opened = .some(made)
            return made
        }
    }

    /// Starts opening the transliterator on a background task, once per instance, so that the
    /// first conversion does not pay for the open; the task, or nil when one was started before.
    @discardableResult
    func openInBackground() -> Task<Void, Never>? {
        guard backgroundOpenStarted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return nil }
        return Task.detached(priority: .utility) { _ = self.transliterator }
    }

    /// `text` in Simplified characters (ASCII as it is; the text itself when ICU cannot convert).
    func simplified(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        if let known = conversions.withLock({ $0[text] }) { return known }
        let converted = transliterator?.transliterate(text) ?? text
        conversions.withLock { conversions in
            if conversions.count >= Self.capacity { conversions.removeAll(keepingCapacity: true) }
            conversions[text] = converted
        }
        return converted
    }
}
