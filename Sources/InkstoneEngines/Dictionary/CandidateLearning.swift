/// What a dictionary engine learns from its user: the candidates chosen for a
/// reading, most recent first. One store per dictionary (Japanese, pinyin…);
/// contexts marked sensitive get none, so they learn nothing.
///
/// Implementations are durable: when ``record(_:for:)`` returns, the choice
/// survives a crash of the daemon (the caller's reply acknowledges it).
public protocol CandidateLearning: AnyObject, Sendable {
    /// The texts chosen for `reading` before, most recent first.
    func learned(for reading: String) -> [String]
    /// Records that the user chose `text` for `reading`.
    func record(_ text: String, for reading: String)
    /// The reading `text` was chosen for (where it ranks highest, then the most recent),
    /// nil when it never was: reconversion reads committed text back with it.
    func reading(of text: String) -> String?
    /// A number that changes whenever what the store answers may change (nil: not
    /// tracked): work derived from its answers is reused only while it stays the same.
    var revision: Int? { get }
}

extension CandidateLearning {
    /// Default: nothing is read back.
    public func reading(of text: String) -> String? { nil }

    /// Default: not tracked, so nothing derived from the store is reused.
    public var revision: Int? { nil }

    /// `entries` with what was learnt for `reading` first, most recent first;
    /// a learnt text the dictionary lacks (a new word) comes in as a new entry.
    public func ranked(_ entries: [DictionaryEntry], for reading: String) -> [DictionaryEntry] {
        let learnt = learned(for: reading)
        guard !learnt.isEmpty else { return entries }
        var rest = entries
        var front: [DictionaryEntry] = []
        for text in learnt {
            if let index = rest.firstIndex(where: { $0.text == text }) {
                front.append(rest.remove(at: index))
            } else {
                front.append(DictionaryEntry(text: text))
            }
        }
        return front + rest
    }
}
