/// Turns typed romaji into kana by a ``RomajiTable``: longest-prefix matching with
/// an explicit pending string, as IMEs do.
///
/// Keys that may still grow into a longer rule stay in ``pending`` (`k`, `n`, `ky`);
/// a key that no rule continues settles the longest rule it can and goes on from
/// there (`nk` → ん + pending `k`); a key no rule starts with is kept as typed
/// (full-width when ``fullWidth`` is set).
public struct RomajiComposer: Hashable, Sendable {
    /// The kana settled so far.
    public private(set) var kana = ""
    /// Romaji typed but not yet settled (shown after ``kana`` in the preedit).
    public private(set) var pending = ""
    /// Whether characters no rule covers (digits, symbols, capitals) are entered full-width.
    public var fullWidth: Bool

    /// The table (not compared: every composer uses the stock table).
    private let table: RomajiTable

    /// A composer on `table`.
    public init(table: RomajiTable = .standard, fullWidth: Bool = false) {
        self.table = table
        self.fullWidth = fullWidth
    }

    public static func == (lhs: RomajiComposer, rhs: RomajiComposer) -> Bool {
        lhs.kana == rhs.kana && lhs.pending == rhs.pending && lhs.fullWidth == rhs.fullWidth
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kana)
        hasher.combine(pending)
    }

    /// What the preedit shows: the kana, then the pending romaji.
    public var text: String { kana + pending }

    /// Whether nothing is typed.
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// Types one character (letters are read lower-case).
    public mutating func type(_ character: Character) {
        let key = character.isASCII && character.isLetter ? Character(character.lowercased()) : character
        let input = pending + String(key)
        pending = ""
        settle(input[...])
    }

    /// Types every character of `text` in order.
    public mutating func type(_ text: String) {
        for character in text { type(character) }
    }

    /// Settles the pending romaji as if no key followed: the longest rule at its front
    /// each time (a lone `n` or `nn` becomes ん), anything no rule covers as typed.
    public mutating func flush() {
        var rest = pending
        pending = ""
        while !rest.isEmpty {
            var length = rest.count
            while length > 0, table.rule(for: String(rest.prefix(length))) == nil { length -= 1 }
            if length > 0, let rule = table.rule(for: String(rest.prefix(length))) {
                kana += rule.output
                rest =
                    rule.pending.count < length ? rule.pending + rest.dropFirst(length) : String(rest.dropFirst(length))
            } else {
                kana += literal(String(rest.prefix(1)))
                rest = String(rest.dropFirst())
            }
        }
    }

    /// Removes the last pending key, or else the last kana. Returns false when empty.
    @discardableResult
    public mutating func backspace() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
            return true
        }
        guard !kana.isEmpty else { return false }
        kana.removeLast()
        return true
    }

    /// Replaces everything with settled `kana` (nothing pending).
    public mutating func replace(with kana: String) {
        self.kana = kana
        pending = ""
    }

    /// Drops everything.
    public mutating func reset() {
        kana = ""
        pending = ""
    }

    private mutating func settle(_ input: Substring) {
        var rest = input
        while !rest.isEmpty {
            let candidate = String(rest)
            if table.isProperPrefix(candidate) {
                pending = candidate
                return
            }
            if let rule = table.rule(for: candidate) {
                kana += rule.output
                pending = rule.pending
                return
            }
            // No rule grows from here: settle the longest rule at the front and go on.
            var length = candidate.count - 1
            var settled = false
            while length > 0 {
                let head = String(candidate.prefix(length))
                if let rule = table.rule(for: head) {
                    kana += rule.output
                    rest = Substring(rule.pending + candidate.dropFirst(length))
                    settled = true
                    break
                }
                length -= 1
            }
            if !settled {
                kana += literal(String(candidate.prefix(1)))
                rest = candidate.dropFirst()
            }
        }
    }

    /// `text` as entered outside the table: as typed, or full-width.
    private func literal(_ text: String) -> String {
        fullWidth ? KanaForms.fullWidth(text) : text
    }
}
