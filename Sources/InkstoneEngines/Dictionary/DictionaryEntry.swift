/// One candidate a dictionary offers for a reading: the text, an optional
/// annotation shown beside it (`幹事;manager` → `manager`) and a weight.
public struct DictionaryEntry: Hashable, Sendable {
    /// The text committed when the candidate is chosen.
    public var text: String
    /// A short gloss from the dictionary, if it has one.
    public var annotation: String?
    /// How likely the entry is; higher is better. The scale is the source's own
    /// (a count, a log probability); entries are only compared within one table.
    public var weight: Double
    /// The text as words of a language model, by their ids, when the table's builder
    /// segmented it so (the pinyin table: libime's model; empty when it did not).
    public var modelWords: [UInt32]

    /// An entry with `text`, an optional annotation, a weight (default 0) and its model words (default none).
    public init(text: String, annotation: String? = nil, weight: Double = 0, modelWords: [UInt32] = []) {
        self.text = text
        self.annotation = annotation
        self.weight = weight
        self.modelWords = modelWords
    }
}
