/// "Did you mean …?" for a mistyped name: the closest known name by edit distance.
public enum Suggestion {
    /// The candidate nearest to `input` (case-insensitive edit distance, a swap of two
    /// neighbours counting as one edit), when it is
    /// close enough to be a plausible typo (at most a third of the longer name, at least 1), or nil.
    public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
        let typed = Array(input.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            let allowed = max(1, max(typed.count, candidate.unicodeScalars.count) / 3)
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// `" (did you mean 'x'?)"` for the closest candidate, or "".
    public static func didYouMean(_ input: String, in candidates: some Sequence<String>) -> String {
        closest(to: input, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbouring scalars each cost 1.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
