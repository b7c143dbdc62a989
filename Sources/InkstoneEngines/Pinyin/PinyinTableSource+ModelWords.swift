import InkstoneSegmentation

extension PinyinTableSource {
    /// The rows of the table file at `path` (see ``rows(from:)``), each entry with its text's
    /// words in `model` (``DictionaryEntry/modelWords``): the text in Simplified, as the model
    /// has it, segmented by ``KenLMTrieModel/segment(_:maximumLength:)`` (a phrase the model
    /// lacks becomes the model words it is made of). The ``totalReading`` row's annotation
    /// holds the model's ``KenLMTrieModel/fingerprint``. Empty when the file cannot be read.
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
        let words = simplified(distinct).map { model.segment($0) ?? [] }
        for index in rows.indices {
            if rows[index].reading == totalReading {
                rows[index].entry.annotation = model.fingerprint
            } else if let text = texts[rows[index].entry.text] {
                rows[index].entry.modelWords = words[text]
            }
        }
        return rows
    }

    /// How many texts go to ICU's transliterator at once (one per line).
    static let conversionBatch = 4_096

    /// `texts` in Simplified (ICU's `Hant-Hans`), in order: converted a batch of lines at a
    /// time (one call per text costs far more), a batch whose lines do not come back one for
    /// one text by text.
    static func simplified(_ texts: [String]) -> [String] {
        guard let converter = Transliterator.shared("Hant-Hans") else { return texts }
        var converted: [String] = []
        converted.reserveCapacity(texts.count)
        var start = 0
        while start < texts.count {
            let batch = texts[start..<min(start + conversionBatch, texts.count)]
            start += batch.count
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
