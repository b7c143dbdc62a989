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
    private let conversions = Mutex<[PinyinTextKey: String]>([:])
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
    func simplified(_ text: String) -> String { simplified([text])[0] }

    /// `texts` in Simplified characters, in order: those not converted before go to ICU in one
    /// call (see ``transliterated(_:)``), each call costing far more than its characters.
    func simplified(_ texts: [String]) -> [String] {
        var result = texts
        var missing: [Int] = []
        conversions.withLock { conversions in
            for (index, text) in texts.enumerated() where !text.utf8.allSatisfy({ $0 < 0x80 }) {
                if let known = conversions[PinyinTextKey(text: text)] {
                    result[index] = known
                } else {
                    missing.append(index)
                }
            }
        }
        guard !missing.isEmpty else { return result }
        let converted = transliterated(missing.map { texts[$0] })
        conversions.withLock { conversions in
            if conversions.count + missing.count > Self.capacity { conversions.removeAll(keepingCapacity: true) }
            for (index, text) in zip(missing, converted) {
                result[index] = text
                conversions[PinyinTextKey(text: texts[index])] = text
            }
        }
        return result
    }

    /// How many texts go to ICU at once (one per line).
    static let batch = 4_096

    /// `texts` in Simplified, in order, not remembered: converted a batch of lines at a time (one
    /// call per text costs far more), a batch whose lines do not come back one for one text by text.
    func transliterated(_ texts: [String]) -> [String] {
        guard let converter = transliterator else { return texts }
        var converted: [String] = []
        converted.reserveCapacity(texts.count)
        var start = 0
        while start < texts.count {
            let batch = texts[start..<min(start + Self.batch, texts.count)]
            start += batch.count
            guard batch.count > 1 else {
                converted += batch.map(converter.transliterate)
                continue
            }
            let lines = converter.transliterate(batch.joined(separator: "\n"))
                .split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count == batch.count, !batch.contains(where: { $0.contains("\n") }) {
                converted += lines.map(String.init)
            } else {
                converted += batch.map(converter.transliterate)
            }
        }
        return converted
    }
}
