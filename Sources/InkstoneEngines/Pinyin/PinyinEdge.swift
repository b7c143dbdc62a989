/// One edge of the syllable lattice: a run of typed letters read as one syllable,
/// a lone initial (an abbreviation, `z` of `zg`) or an unfinished last syllable (`zho`).
public struct PinyinEdge: Hashable, Sendable {
    /// How the letters are read.
    public enum Kind: Hashable, Sendable {
        /// A whole syllable (or its fuzzy spelling).
        case syllable
        /// An initial standing for any syllable it starts.
        case initial
        /// The unfinished last syllable of the input.
        case unfinished
    }

    /// Where the letters start and end, in letters of the input.
    public let start: Int, end: Int
    /// The letters as typed.
    public let spelling: String
    /// How they are read.
    public let kind: Kind
    /// The syllables the edge may stand for.
    public let syllables: [String]
    /// ``syllables`` as a set.
    let syllableSet: Set<String>
    /// The first letters of the syllables the edge may stand for (the abbreviation keys it meets).
    let firstLetters: [Character]

    /// An edge over `start..<end` typed as `spelling`.
    public init(start: Int, end: Int, spelling: String, kind: Kind, syllables: [String]) {
        self.start = start
        self.end = end
        self.spelling = spelling
        self.kind = kind
        self.syllables = syllables
        syllableSet = Set(syllables)
        firstLetters = Set(syllables.compactMap(\.first)).sorted()
    }

    /// Whether the edge abbreviates (a lone initial or an unfinished syllable).
    public var isAbbreviated: Bool { kind != .syllable }
}
