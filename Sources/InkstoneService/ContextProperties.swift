import InkstoneText

/// The observable properties of an input context, for `PropertiesChanged`.
struct ContextProperties: Equatable {
    var revision: UInt64
    var length: Int
    var selectedRange: TextRange?
    var markedRange: TextRange?
    var isFocused: Bool
    var canUndo: Bool
    var canRedo: Bool
    var engine: String

    init(_ context: InputContext) {
        let view = context.view
        revision = view.document.revision
        length = view.length
        selectedRange = view.selectedRange
        markedRange = view.markedRange
        isFocused = context.isFocused
        canUndo = view.canUndo
        canRedo = view.canRedo
        engine = context.engineID
    }

    /// The properties that differ from `old` (all of them when `old` is nil), by D-Bus name.
    func changes(since old: ContextProperties?) -> [String: PropertyValue] {
        var changed: [String: PropertyValue] = [:]
        if old?.revision != revision { changed["Revision"] = .uint64(revision) }
        if old?.length != length { changed["Length"] = .int64(Int64(length)) }
        if old?.selectedRange != selectedRange { changed["SelectedRange"] = Self.range(selectedRange) }
        if old?.markedRange != markedRange {
            changed["MarkedRange"] = Self.range(markedRange)
            changed["HasMarkedText"] = .bool(markedRange != nil)
        }
        if old?.isFocused != isFocused { changed["Focused"] = .bool(isFocused) }
        if old?.canUndo != canUndo { changed["CanUndo"] = .bool(canUndo) }
        if old?.canRedo != canRedo { changed["CanRedo"] = .bool(canRedo) }
        if old?.engine != engine { changed["Engine"] = .string(engine) }
        return changed
    }

    /// A range as (start, length), (−1, 0) for none.
    static func range(_ range: TextRange?) -> PropertyValue {
        guard let range else { return .range(start: -1, length: 0) }
        return .range(start: Int64(range.start), length: Int64(range.length))
    }
}
