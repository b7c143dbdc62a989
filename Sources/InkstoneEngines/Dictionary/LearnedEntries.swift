/// What one learning store holds: for each reading its texts, most recently
/// chosen first, and when the reading was last used; bounded by
/// ``LearningLimits`` (the oldest dropped first).
struct LearnedEntries {
    private var byReading: [String: (used: UInt64, texts: [String])] = [:]
    private var clock: UInt64 = 0
    let limits: LearningLimits

    /// Entries given most recent first (as a file lists them).
    init(_ entries: [UserDictionaryFormat.Entry], limits: LearningLimits) {
        self.limits = limits
        for entry in entries.reversed() {
            for text in entry.texts.reversed() { learn(text, for: entry.reading) }
        }
    }

    /// How many readings are held.
    var count: Int { byReading.count }

    /// The texts learnt for `reading`, most recent first.
    func texts(for reading: String) -> [String] { byReading[reading]?.texts ?? [] }

    /// The reading `text` was learnt for, nil when none: where it ranks highest among the
    /// reading's texts, then the most recently used (a scan of the readings, which
    /// ``LearningLimits`` bounds).
    func reading(of text: String) -> String? {
        var found: (reading: String, rank: Int, used: UInt64)?
        for (reading, entry) in byReading {
            guard let rank = entry.texts.firstIndex(of: text) else { continue }
            if let best = found, (best.rank, entry.used) < (rank, best.used) { continue }
            found = (reading, rank, entry.used)
        }
        return found?.reading
    }

    /// Every reading with its texts, the most recently used first.
    var ordered: [UserDictionaryFormat.Entry] {
        byReading.sorted { $0.value.used > $1.value.used }.map { (reading: $0.key, texts: $0.value.texts) }
    }

    /// `text` becomes the first choice for `reading`, which becomes the most recent reading.
    mutating func learn(_ text: String, for reading: String) {
        clock += 1
        var texts = byReading[reading]?.texts ?? []
        texts.removeAll { $0 == text }
        texts.insert(text, at: 0)
        if texts.count > limits.maximumCandidates { texts.removeLast(texts.count - limits.maximumCandidates) }
        byReading[reading] = (clock, texts)
        while byReading.count > limits.maximumReadings,
            let oldest = byReading.min(by: { $0.value.used < $1.value.used })?.key
        {
            byReading[oldest] = nil
        }
    }

    /// Removes `text` from `reading`'s texts; false when it was not there.
    @discardableResult
    mutating func forget(_ text: String, for reading: String) -> Bool {
        guard var entry = byReading[reading], let index = entry.texts.firstIndex(of: text) else { return false }
        entry.texts.remove(at: index)
        byReading[reading] = entry.texts.isEmpty ? nil : entry
        return true
    }
}
