import InkstoneEngines
import InkstoneText

/// The learnt entries of each dictionary (`ListLearned`, `Learn`, `Forget`,
/// `ExportLearned`), and the provider engines get their stores from.
extension InkstoneService {
    /// The stores engines rank with (none when the service keeps no stores).
    public var learningProvider: LearningProvider { userDictionaries?.provider ?? .none }

    /// Every reading learnt in `dictionary` with its texts, the most recently used first.
    /// - Throws: `LimitExceeded` when they hold more than `limits.string_bytes` of text.
    public func learnedEntries(_ dictionary: String) throws(InkstoneError) -> [(reading: String, texts: [String])] {
        let entries = try store(dictionary).entries
        let bytes = entries.reduce(0) { sum, entry in
            sum + entry.reading.utf8.count + entry.texts.reduce(0) { $0 + $1.utf8.count }
        }
        try checkReplySize(bytes, dictionary)
        return entries
    }

    /// Learns `text` for `reading` in `dictionary`, durably.
    public func learn(_ text: String, for reading: String, in dictionary: String) throws(InkstoneError) {
        try store(dictionary).learn(text, for: reading)
    }

    /// Forgets `text` for `reading` in `dictionary`, durably.
    public func forget(_ text: String, for reading: String, in dictionary: String) throws(InkstoneError) {
        try store(dictionary).forget(text, for: reading)
    }

    /// `dictionary`'s store as its file reads (SKK user-jisyo style).
    /// - Throws: `LimitExceeded` when it is longer than `limits.string_bytes`.
    public func exportLearned(_ dictionary: String) throws(InkstoneError) -> String {
        let text = try store(dictionary).exported()
        try checkReplySize(text.utf8.count, dictionary)
        return text
    }

    /// A reply carries at most `limits.string_bytes` of text, as a call does.
    private func checkReplySize(_ bytes: Int, _ dictionary: String) throws(InkstoneError) {
        guard bytes <= limits.stringUTF8Bytes else {
            throw .limitExceeded(
                "the \(dictionary) store holds \(bytes) bytes, more than one reply carries (limits.string_bytes, "
                    + "\(limits.stringUTF8Bytes)); read its file instead")
        }
    }

    private func store(_ dictionary: String) throws(InkstoneError) -> UserDictionary {
        guard let userDictionaries else { throw .invalidState("this service keeps no learning stores") }
        return try userDictionaries.dictionary(dictionary)
    }
}
