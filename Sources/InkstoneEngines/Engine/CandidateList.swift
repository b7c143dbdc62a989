/// One candidate: the text it commits and an optional annotation (e.g. a Hanja gloss).
public struct Candidate: Hashable, Sendable {
    /// The text committed when the candidate is picked.
    public var text: String
    /// A note shown next to it, or nil.
    public var annotation: String?
    /// Creates a candidate.
    public init(text: String, annotation: String? = nil) {
        self.text = text
        self.annotation = annotation
    }
}

/// A candidate shown on the visible page, with its selection label (`1`…`9`, `0` for a tenth).
public struct LabeledCandidate: Hashable, Sendable {
    /// The key label.
    public var label: String
    /// The candidate.
    public var candidate: Candidate
    /// Whether the cursor is on it.
    public var isCursor: Bool
}

/// A paged candidate list with a cursor. Pages hold ``pageSize`` items; the page shown is
/// the one holding the cursor.
public struct CandidateList: Hashable, Sendable {
    /// All candidates, in order.
    public let items: [Candidate]
    /// Items per page (at least 1).
    public let pageSize: Int
    /// The cursor, as an index into ``items``.
    public private(set) var cursorIndex: Int
    /// The selection label of each position on a page (printable ASCII, one character each).
    public let labels: [Character]

    /// The stock labels: `1`…`9`, then `0`.
    public static let digitLabels = "1234567890"

    /// Creates a list; `pageSize` is clamped to 1…10 and to the number of `labels`
    /// (characters that are not printable ASCII are dropped; none left: the digit labels).
    public init(items: [Candidate], pageSize: Int = 9, labels: String = CandidateList.digitLabels) {
        var usable = labels.filter {
            $0.isASCII && $0 != " " && ($0.asciiValue ?? 0) > 0x20 && ($0.asciiValue ?? 0) < 0x7f
        }
        if usable.isEmpty { usable = Self.digitLabels }
        self.items = items
        self.labels = Array(usable.prefix(10))
        self.pageSize = min(max(pageSize, 1), self.labels.count)
        self.cursorIndex = 0
    }

    /// The page holding the cursor (0-based).
    public var pageIndex: Int { cursorIndex / pageSize }
    /// How many pages there are.
    public var pageCount: Int { (items.count + pageSize - 1) / pageSize }
    /// Whether a page precedes the visible one.
    public var hasPrev: Bool { pageIndex > 0 }
    /// Whether a page follows the visible one.
    public var hasNext: Bool { pageIndex + 1 < pageCount }
    /// The cursor's index on the visible page.
    public var cursorIndexOnPage: Int { cursorIndex - pageIndex * pageSize }

    /// The visible page's items with their labels.
    public var page: [LabeledCandidate] {
        let start = pageIndex * pageSize
        let end = min(start + pageSize, items.count)
        return (start..<end).map { itemIndex in
            let position = itemIndex - start
            return LabeledCandidate(
                label: String(labels[position]), candidate: items[itemIndex],
                isCursor: itemIndex == cursorIndex)
        }
    }

    /// The candidate under the cursor (nil for an empty list).
    public var cursorCandidate: Candidate? { items.indices.contains(cursorIndex) ? items[cursorIndex] : nil }

    /// The stock label of a position on a page: `1`…`9`, then `0`.
    public static func label(forIndexOnPage position: Int) -> String { String((position + 1) % 10) }

    /// The position on a page whose label `keysym` types (keypad digits type digits), or nil.
    func position(ofLabelKey keysym: UInt32) -> Int? {
        var code = keysym
        if let digit = Keysym.digit(of: keysym) { code = 0x30 + UInt32(digit) }
        guard (0x21...0x7e).contains(code) else { return nil }
        let typed = Character(Unicode.Scalar(UInt8(code)))
        return labels.firstIndex(of: typed)
    }

    /// The candidate at `indexOnPage` on the visible page, or nil when there is none.
    public func select(indexOnPage: Int) -> Candidate? {
        let itemIndex = pageIndex * pageSize + indexOnPage
        guard indexOnPage >= 0, indexOnPage < pageSize, items.indices.contains(itemIndex) else { return nil }
        return items[itemIndex]
    }

    /// Shows the next page (cursor to its first item). Returns false on the last page.
    @discardableResult
    public mutating func nextPage() -> Bool {
        guard hasNext else { return false }
        cursorIndex = (pageIndex + 1) * pageSize
        return true
    }

    /// Shows the previous page (cursor to its first item). Returns false on the first page.
    @discardableResult
    public mutating func prevPage() -> Bool {
        guard hasPrev else { return false }
        cursorIndex = (pageIndex - 1) * pageSize
        return true
    }

    /// Moves the cursor by `delta` items, crossing pages, clamped to the list.
    public mutating func moveCursor(by delta: Int) {
        guard !items.isEmpty else { return }
        cursorIndex = min(max(cursorIndex + delta, 0), items.count - 1)
    }
}
