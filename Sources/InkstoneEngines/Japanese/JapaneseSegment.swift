/// One segment of a conversion: its kana reading, the candidates for it (best
/// first, the reading's kana forms last) and which one is chosen.
public struct JapaneseSegment: Hashable, Sendable {
    /// The kana this segment converts.
    public var reading: String
    /// What the segment can become, best first.
    public var candidates: [Candidate]
    /// The chosen candidate's index in ``candidates``.
    public var index: Int
    /// Set while only the first candidate is known: what ``JapaneseConverter/completed(_:)``
    /// builds the others from.
    var pendingSource: JapaneseCandidateSource?

    /// Whether ``candidates`` holds every candidate (see ``JapaneseConverter/convertFirst(_:)``).
    public var isComplete: Bool { pendingSource == nil }

    /// A segment showing its first candidate.
    public init(reading: String, candidates: [Candidate]) {
        self.reading = reading
        self.candidates = candidates.isEmpty ? [Candidate(text: reading)] : candidates
        index = 0
    }

    /// The chosen text.
    public var text: String { candidates[index].text }

    /// Chooses the candidate `text`, adding it when it is not among the candidates.
    mutating func choose(_ text: String) {
        if let found = candidates.firstIndex(where: { $0.text == text }) {
            index = found
        } else {
            candidates.append(Candidate(text: text))
            index = candidates.count - 1
        }
    }
}

/// How a segment's candidates are built: its content word's length in characters (function
/// words follow) and the kind of lattice edge it came from.
struct JapaneseCandidateSource: Hashable, Sendable {
    var contentLength: Int
    var kind: JapaneseConverter.Edge.Kind
}
