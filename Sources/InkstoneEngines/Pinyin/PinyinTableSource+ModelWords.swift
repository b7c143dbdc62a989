extension PinyinTableSource {
    /// The rows of the table file at `path` (see ``rows(from:)``), each entry with its text's
    /// words in `model` (``DictionaryEntry/modelWords``): the text in Simplified, as the model
    /// has it, segmented by ``KenLMTrieModel/segmentation(_:maximumLength:)``. A phrase the model
    /// lacks becomes the model words it is made of when each of them is, with its share of the
    /// phrase's syllables, a word or character of the table (中華民國 `zhong hua min guo` is
    /// 中华 `zhong hua` + 民国 `min guo`); when one is not (似乎是 also listed as `shi hu shi`,
    /// while 似乎 is only `si hu`), the reading is not the model's words and it gets none.
    /// The ``totalReading`` row's annotation holds the model's ``KenLMTrieModel/fingerprint``.
    /// Empty when the file cannot be read.
    public static func rows(from path: String, model: KenLMTrieModel) -> [(reading: String, entry: DictionaryEntry)] {
        guard let bytes = DataFile.bytes(at: path) else { return [] }
        return rows(fromBytes: bytes, model: model)
    }

    /// The rows of a table file's contents with their model words (see ``rows(from:model:)``).
    public static func rows(fromBytes bytes: [UInt8], model: KenLMTrieModel) -> [(
        reading: String, entry: DictionaryEntry
    )] {
        var rows = rows(fromBytes: bytes)
        var texts: [String: Int] = [:]
        var distinct: [String] = []
        for row in rows where texts[row.entry.text] == nil {
            texts[row.entry.text] = distinct.count
            distinct.append(row.entry.text)
        }
        let simplified = PinyinSimplifier.shared.transliterated(distinct)
        // Every (Simplified text, syllables) the table lists: the readings a model word may have.
        var listed = Set<String>()
        for row in rows where !row.reading.hasPrefix(abbreviationMark) && row.reading != totalReading {
            if let text = texts[row.entry.text] { listed.insert(simplified[text] + "\t" + row.reading) }
        }
        var made: [String: [UInt32]] = [:]
        for index in rows.indices {
            let row = rows[index]
            if row.reading == totalReading {
                rows[index].entry.annotation = model.fingerprint
                continue
            }
            guard let text = texts[row.entry.text] else { continue }
            let code = row.entry.annotation ?? row.reading
            let key = simplified[text] + "\t" + code
            if let known = made[key] {
                rows[index].entry.modelWords = known
                continue
            }
            let words = modelWords(of: simplified[text], reading: code, model: model, listed: listed)
            made[key] = words
            rows[index].entry.modelWords = words
        }
        return rows
    }

    /// The model words of `text` (Simplified) read as `reading` (see ``rows(from:model:)``):
    /// empty when the model has no segmentation of it, or a word of several does not read
    /// as one of `listed` (`text<TAB>syllables`) with its syllables.
    static func modelWords(of text: String, reading: String, model: KenLMTrieModel, listed: Set<String>) -> [UInt32] {
        guard let segmentation = model.segmentation(text) else { return [] }
        guard segmentation.count > 1 else { return segmentation.map(\.word) }
        let characters = Array(text)
        let syllables = reading.split(separator: " ")
        guard syllables.count == characters.count else { return [] }
        var start = 0
        for piece in segmentation {
            let end = start + piece.characters
            let pieceText = String(characters[start..<end])
            guard listed.contains(pieceText + "\t" + syllables[start..<end].joined(separator: " ")) else { return [] }
            start = end
        }
        return segmentation.map(\.word)
    }
}
