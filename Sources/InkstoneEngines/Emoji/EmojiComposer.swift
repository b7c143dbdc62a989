import InkstoneCore

/// The typed name and its candidate list, shared by the `emoji` engine and the emoji
/// trigger of the other engines.
///
/// Keys while a query is open:
/// - printable characters append to the query (at most ``maximumQueryLength``); Shift+space
///   appends a word separator (`-` and `_` separate words too, and words may be typed
///   together: `thumbsup`);
/// - Space picks the candidate under the cursor, a label (`1`…`9`, `0`; letters always
///   type) picks on the visible page, arrows move the cursor, Page_Up/Page_Down page;
/// - Return ends with the query as typed, BackSpace removes a character, Escape cancels.
struct EmojiComposer: Sendable {
    /// The most characters a query holds.
    static let maximumQueryLength = 64

    /// What a key did.
    enum Outcome: Equatable, Sendable {
        /// The user picked this grapheme.
        case picked(String)
        /// Return: end with the query as typed.
        case typedText(String)
        /// The query changed or the cursor moved; a notice when a key was refused.
        case composing(notice: String?)
        /// The query was emptied (BackSpace) or cancelled (Escape).
        case cancelled(byEscape: Bool)
        /// The composer does not use the key (a shortcut, Tab, F-keys…).
        case notForComposer
    }

    private let index: EmojiIndex
    private let learning: (any CandidateLearning)?
    private let pageSize: Int
    private let labels: String
    /// The query as typed.
    private(set) var query = ""
    /// The candidates for the query, nil when none.
    private(set) var candidates: CandidateList?

    init(index: EmojiIndex, learning: (any CandidateLearning)?, pageSize: Int, labels: String) {
        self.index = index
        self.learning = learning
        self.pageSize = pageSize
        // Letters type the query, so they cannot be labels: letter labels give way to digits.
        self.labels = labels.contains { $0.isLetter } ? CandidateList.digitLabels : labels
    }

    /// Whether `key` types a character that may start a query (a letter).
    static func startsQuery(_ key: KeyEvent) -> Bool {
        guard !key.isRelease, !key.isShortcut, let text = key.text, let first = text.first else { return false }
        return first.isLetter
    }

    /// Handles one key press while a query is open (or to start one with a letter).
    mutating func handle(_ key: KeyEvent) -> Outcome {
        guard !key.isShortcut else { return .notForComposer }
        switch key.keysym {
        case Keysym.escape:
            clear()
            return .cancelled(byEscape: true)
        case Keysym.backSpace:
            if !query.isEmpty { query.removeLast() }
            if query.isEmpty {
                candidates = nil
                return .cancelled(byEscape: false)
            }
            refresh()
            return .composing(notice: nil)
        case Keysym.returnKey, Keysym.kpEnter:
            let typed = query
            clear()
            return .typedText(typed)
        case Keysym.space:
            if key.modifiers.contains(.shift) { return append(" ") }
            guard let candidate = candidates?.cursorCandidate else {
                return .composing(notice: "no emoji or symbol is named '\(query)'")
            }
            return pick(candidate.text)
        default: break
        }
        if var list = candidates, !(key.text?.first?.isLetter ?? false) {
            switch list.handle(key) {
            case .picked(let candidate): return pick(candidate.text)
            case .navigated:
                candidates = list
                return .composing(notice: nil)
            case .closed, .notForList: break
            }
        }
        guard let text = key.text else { return .notForComposer }
        return append(text)
    }

    /// Appends `text` to the query, or refuses it when the query would grow too long.
    private mutating func append(_ text: String) -> Outcome {
        guard query.count + text.count <= Self.maximumQueryLength else {
            return .composing(notice: "an emoji name is at most \(Self.maximumQueryLength) characters")
        }
        query += text
        refresh()
        return .composing(notice: nil)
    }

    /// Picks `text`: records it for the query and closes.
    private mutating func pick(_ text: String) -> Outcome {
        learning?.record(text, for: EmojiSearchKey.compact(query))
        clear()
        return .picked(text)
    }

    /// Searches again for the query.
    private mutating func refresh() {
        let found = index.search(query, learning: learning)
        candidates =
            found.isEmpty
            ? nil
            : CandidateList(
                items: found.map { Candidate(text: $0.text, annotation: $0.annotation) }, pageSize: pageSize,
                labels: labels)
    }

    /// Drops the query and candidates.
    mutating func clear() {
        query = ""
        candidates = nil
    }
}
