/// A range in one view's unit: the core's ``UnitRange``, whose `unit` is the
/// view's. Every range a view reports carries its unit; every range it takes
/// must carry it too (`InvalidArgument` otherwise).
public typealias TextRange = UnitRange

/// A selection with an anchor (where it started) and a head (where the cursor
/// is), in one view's unit; a cursor has `anchor == head`.
public struct TextSelection: Equatable, Hashable, Sendable {
    /// The fixed end.
    public var anchor: Int
    /// The moving end (the cursor).
    public var head: Int

    /// Creates a selection.
    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// A cursor at `position`.
    public static func cursor(_ position: Int) -> TextSelection { TextSelection(anchor: position, head: position) }

    /// Whether the selection is a cursor.
    public var isEmpty: Bool { anchor == head }

    /// The selected range, start first, in `unit` (the unit of the view the selection came from).
    public func range(in unit: OffsetUnit) -> TextRange {
        TextRange(start: min(anchor, head), length: abs(head - anchor), unit: unit)
    }
}

/// A selection held as anchors: the low end right-biased and the high end
/// left-biased (insertions at its edges stay outside it); a cursor is
/// left-biased (text inserted at it by someone else lands after the cursor).
struct SelectionAnchors {
    let anchor: TextAnchor
    let head: TextAnchor

    /// Anchors for a UTF-8 selection in `document`.
    init(document: Document, utf8Anchor: Int, utf8Head: Int) {
        if utf8Anchor == utf8Head {
            let cursor = document.makeAnchor(utf8Offset: utf8Head, bias: .left)
            anchor = cursor
            head = cursor
        } else {
            anchor = document.makeAnchor(utf8Offset: utf8Anchor, bias: utf8Anchor < utf8Head ? .right : .left)
            head = document.makeAnchor(utf8Offset: utf8Head, bias: utf8Head < utf8Anchor ? .right : .left)
        }
    }

    /// The UTF-8 range, start first (never inverted even if the edges crossed).
    var utf8Range: Range<Int> {
        let lower = min(anchor.utf8Offset, head.utf8Offset)
        return lower..<max(lower, max(anchor.utf8Offset, head.utf8Offset))
    }
}
