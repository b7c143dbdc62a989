import InkstoneEngines
import InkstoneText

/// The learnt entries of each dictionary (`ListLearned`, `Learn`, `Forget`,
/// `ExportLearned`), and the provider engines get their stores from.
extension InkstoneService {
    /// The stores engines rank with (none when the service keeps no stores).
    public var learningProvider: LearningProvider { userDictionaries?.provider ?? .none }

    /// Every reading learnt in `dictionary` with its texts, the most recently used first.
    public func learnedEntries(_ dictionary: String) throws(InkstoneError) -> [(reading: String, texts: [String])] {
        try store(dictionary).entries
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
    public func exportLearned(_ dictionary: String) throws(InkstoneError) -> String {
        try store(dictionary).exported()
    }

    private func store(_ dictionary: String) throws(InkstoneError) -> UserDictionary {
        guard let userDictionaries else { throw .invalidState("this service keeps no learning stores") }
        return try userDictionaries.dictionary(dictionary)
    }
}
