import InkstoneCore

extension KenLMTrieModel {
    /// `text` as words of the vocabulary, by id: the segmentation into the fewest words,
    /// the likeliest by unigram probability among equals (a word the model has stays whole;
    /// a phrase it lacks splits as a reader would, into its longest known words). Nil when
    /// some character is in no word of the vocabulary, or `text` is empty.
    ///
    /// Words are tried up to `maximumLength` characters long.
    public func segment(_ text: String, maximumLength: Int = 8) -> [WordID]? {
        segmentation(text, maximumLength: maximumLength)?.map(\.word)
    }

    /// As ``segment(_:maximumLength:)``, with how many characters of `text` each word covers.
    public func segmentation(_ text: String, maximumLength: Int = 8) -> [(word: WordID, characters: Int)]? {
        let characters = Array(text)
        guard !characters.isEmpty else { return nil }
        /// The best segmentation of the first `end` characters: its word count, score and last word.
        var best: [(words: Int, score: Double, start: Int, word: WordID)?] = Array(
            repeating: nil, count: characters.count + 1)
        best[0] = (0, 0, 0, Self.unknown)
        for end in 1...characters.count {
            for start in max(0, end - maximumLength)..<end {
                guard let before = best[start], let id = id(of: String(characters[start..<end])),
                    let probability = unigram(id)?.probability
                else { continue }
                let candidate = (words: before.words + 1, score: before.score + probability, start: start, word: id)
                if let known = best[end],
                    (known.words, -known.score) <= (candidate.words, -candidate.score)
                {
                    continue
                }
                best[end] = candidate
            }
        }
        var words: [(word: WordID, characters: Int)] = []
        var end = characters.count
        while end > 0 {
            guard let step = best[end] else { return nil }
            words.append((step.word, end - step.start))
            end = step.start
        }
        return words.reversed()
    }

    /// What identifies this model's vocabulary: its counts and the hash of its word hashes'
    /// region. Ids stored with another fingerprint belong to another model.
    public var fingerprint: String {
        let hashes = UnsafeRawBufferPointer(start: base + hashesOffset, count: 8 * hashCount)
        return "kenlm \(counts.map(String.init).joined(separator: " ")) \(Checksum.fnv1a(hashes))"
    }
}
