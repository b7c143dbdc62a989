import InkstoneEngines

/// The visible page of a candidate list, as a candidate window shows it.
public struct CandidatesSnapshot: Sendable, Equatable {
    /// One visible candidate.
    public struct Item: Sendable, Equatable {
        /// The candidate text.
        public var text: String
        /// An annotation (reading, meaning), possibly empty.
        public var annotation: String
        /// The selection label ("1"…"9", "0").
        public var label: String
    }

    /// The visible page's items; empty when no list is open.
    public var items: [Item]
    /// The cursor's index on the page, −1 when no list is open.
    public var cursor: Int32
    /// The page index, −1 when no list is open.
    public var page: Int32
    /// Whether an earlier page exists.
    public var hasPrev: Bool
    /// Whether a later page exists.
    public var hasNext: Bool

    /// No open list.
    public static let closed = CandidatesSnapshot(items: [], cursor: -1, page: -1, hasPrev: false, hasNext: false)

    /// The snapshot of an engine's candidate list (nil: closed).
    public init(_ list: CandidateList?) {
        guard let list else {
            self = .closed
            return
        }
        items = list.page.map {
            Item(text: $0.candidate.text, annotation: $0.candidate.annotation ?? "", label: $0.label)
        }
        cursor = Int32(list.cursorIndexOnPage)
        page = Int32(list.pageIndex)
        hasPrev = list.hasPrev
        hasNext = list.hasNext
    }

    init(items: [Item], cursor: Int32, page: Int32, hasPrev: Bool, hasNext: Bool) {
        self.items = items
        self.cursor = cursor
        self.page = page
        self.hasPrev = hasPrev
        self.hasNext = hasNext
    }
}
