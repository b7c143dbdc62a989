/// Every way to split typed pinyin into syllables: edges from each letter
/// position to where a syllable, a lone initial or (at the end) an unfinished
/// syllable ends. `'` is an explicit separator no edge crosses (`xi'an` is xi + an,
/// while `xian` is xian or xi + an). A lone initial is read only where no vowel
/// follows it (see ``mayAbbreviate(before:in:)``).
public struct PinyinLattice: Sendable {
    /// The typed letters (`a`–`z` and `'`), as ASCII bytes.
    public let input: [UInt8]
    /// The edges starting at each position (none at a separator).
    public let edgesFrom: [[PinyinEdge]]

    /// The separator between syllables.
    public static let separator = UInt8(ascii: "'")

    /// The lattice of `input` (lower-case letters and `'`) read with `speller`.
    public init(_ input: String, speller: PinyinSpeller) {
        self.init(input, speller: speller, reusing: nil)
    }

    /// The lattice of `input` read with `speller`, taking the edges that cannot
    /// differ from `previous` (the lattice of the input before a key, read with the
    /// same speller): those from positions whose letters, up to the longest syllable
    /// and the letter after it, the two inputs share. Typing a letter then reads
    /// only the last few positions again. Equal to the lattice made afresh.
    public init(_ input: String, speller: PinyinSpeller, reusing previous: PinyinLattice?) {
        let bytes = Array(input.utf8)
        self.input = bytes
        var edges = [[PinyinEdge]](repeating: [], count: bytes.count + 1)
        var kept = 0
        if let previous {
            var shared = 0
            let limit = min(bytes.count, previous.input.count)
            while shared < limit, bytes[shared] == previous.input[shared] { shared += 1 }
            // Edges from `start` read bytes start…start+maximumLength and compare their end with the count.
            kept = max(0, shared - PinyinSyllable.maximumLength)
            for start in 0..<kept { edges[start] = previous.edgesFrom[start] }
        }
        for start in bytes.indices where start >= kept && bytes[start] != Self.separator {
            edges[start] = Self.edges(from: start, in: bytes, speller: speller)
        }
        edgesFrom = edges
    }

    /// The edges from `start` of `bytes`.
    private static func edges(from start: Int, in bytes: [UInt8], speller: PinyinSpeller) -> [PinyinEdge] {
        var edges: [PinyinEdge] = []
        var end = start
        while end < bytes.count, end - start < PinyinSyllable.maximumLength, bytes[end] != Self.separator {
            end += 1
            let spelling = String(decoding: bytes[start..<end], as: UTF8.self)
            let letters = Substring(spelling)
            let syllables = speller.syllables(for: letters)
            if !syllables.isEmpty {
                edges.append(
                    PinyinEdge(start: start, end: end, spelling: spelling, kind: .syllable, syllables: syllables))
            } else if speller.isInitial(letters), Self.mayAbbreviate(before: end, in: bytes) {
                edges.append(
                    PinyinEdge(
                        start: start, end: end, spelling: spelling, kind: .initial,
                        syllables: speller.completions(of: letters)))
            } else if end == bytes.count, speller.isUnfinished(letters) {
                edges.append(
                    PinyinEdge(
                        start: start, end: end, spelling: spelling, kind: .unfinished,
                        syllables: speller.completions(of: letters)))
            }
        }
        return edges
    }

    /// Whether a lone initial may end at `end`: at the end of the input, before a
    /// separator or before another consonant (`zg`, `zhongg`). Before a vowel the
    /// letters spell a syllable (`zh` of `zhong` is no abbreviation), which keeps
    /// the lattice, and the work per key, small.
    static func mayAbbreviate(before end: Int, in bytes: [UInt8]) -> Bool {
        guard end < bytes.count else { return true }
        return !"aeiouv'".utf8.contains(bytes[end]) || bytes[end] == separator
    }

    /// How many positions there are past the last letter.
    public var count: Int { input.count }

    /// `position` moved past any separators.
    public func skippingSeparators(_ position: Int) -> Int {
        var next = position
        while next < input.count, input[next] == Self.separator { next += 1 }
        return next
    }

    /// The ways to read the whole input as edges, at most `limit`, shorter
    /// edges tried first at each position.
    public func segmentations(limit: Int = 1_000) -> [[PinyinEdge]] {
        var found: [[PinyinEdge]] = []
        var path: [PinyinEdge] = []
        func walk(_ position: Int) {
            guard found.count < limit else { return }
            let at = skippingSeparators(position)
            if at == input.count {
                if !path.isEmpty { found.append(path) }
                return
            }
            for edge in edgesFrom[at] {
                path.append(edge)
                walk(edge.end)
                path.removeLast()
            }
        }
        walk(0)
        return found
    }
}
