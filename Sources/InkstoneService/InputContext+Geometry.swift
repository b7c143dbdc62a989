import InkstoneLayout
import InkstoneText

/// Candidate-window geometry: layout sources and the UITextInput /
/// NSTextInputClient geometry queries.
///
/// Layout sources, in order of preference: line fragments pushed for the
/// current revision, then the cell grid (laid out again lazily after each
/// edit). Fragments pushed for an older revision are stale: queries answer
/// from the grid if one is set, and otherwise fail with `Stale` until the
/// client pushes new ones. With no layout at all queries fail with
/// `InvalidState`.
///
/// Coordinates: rects and points are in window coordinates (the client's
/// units) until `setWindowGeometry` is called; from then on they are in
/// screen coordinates, `origin + window rect × scale`.
extension InputContext {
    // MARK: Layout sources

    /// Sets the cell grid (terminals, TUIs); `ambiguous_wide` comes from the context options.
    public func setCellGrid(
        originX: Double, originY: Double, cellWidth: Double, cellHeight: Double, columns: Int, tabWidth: Int
    ) throws(InkstoneError) {
        geometry.grid = try Self.mapLayoutError { () throws(LayoutError) in
            try CellGrid(
                originX: originX, originY: originY, cellWidth: cellWidth, cellHeight: cellHeight, columns: columns,
                tabWidth: tabWidth, ambiguousWide: options.ambiguousWide)
        }
        geometry.gridLayout = nil
        layoutDidChange()
    }

    /// Replaces the pushed line fragments: for each visual line its range,
    /// rect and one caret x-position per grapheme boundary in the range (ends included).
    public func setLineFragments(
        _ fragments: [(start: Int, length: Int, rect: LayoutRect, caretXs: [Double])]
    ) throws(InkstoneError) {
        let storage = view.document.storage
        var lines: [VisualLine] = []
        for (number, fragment) in fragments.enumerated() {
            let utf8Range = try storage.utf8Range(
                start: fragment.start, length: fragment.length, in: unit, requireGraphemeBoundary: true)
            let boundaries = storage.graphemeBoundaries(in: utf8Range).map { storage.offset(ofUTF8: $0, in: unit) }
            guard boundaries.count == fragment.caretXs.count else {
                throw .invalidArgument(
                    "fragment \(number) has \(fragment.caretXs.count) caret positions for \(boundaries.count) grapheme boundaries"
                )
            }
            lines.append(
                VisualLine(
                    start: fragment.start, end: fragment.start + fragment.length, rect: fragment.rect,
                    boundaryOffsets: boundaries, caretXs: fragment.caretXs))
        }
        let length = view.length
        geometry.fragments = try Self.mapLayoutError { () throws(LayoutError) in
            try FragmentLayout(lines: lines, textLength: length)
        }
        geometry.fragmentsRevision = view.document.revision
        layoutDidChange()
    }

    /// Sets where the window is on screen; answers are in screen coordinates from now on.
    public func setWindowGeometry(originX: Double, originY: Double, scale: Double) throws(InkstoneError) {
        geometry.window = try Self.mapLayoutError { () throws(LayoutError) in
            try WindowGeometry(originX: originX, originY: originY, scale: scale)
        }
        layoutDidChange()
    }

    /// Registers (or with an empty path or "/" clears) the client's geometry provider object.
    public func setGeometryProvider(peer: String, path: String) {
        geometry.provider = path.isEmpty || path == "/" ? nil : (peer, path)
        layoutDidChange()
    }

    /// Whether pushed fragments exist but describe an older revision.
    public var hasStaleFragments: Bool {
        geometry.fragments != nil && geometry.fragmentsRevision != view.document.revision
    }

    /// The layout queries answer from (see the type's documentation).
    func currentLayout() throws(InkstoneError) -> any LineStore {
        let revision = view.document.revision
        if let fragments = geometry.fragments, geometry.fragmentsRevision == revision { return fragments }
        if let grid = geometry.grid {
            if let layout = geometry.gridLayout, geometry.gridLayoutRevision == revision { return layout }
            let layout: CellGridLayout
            if let previous = geometry.gridLayout, let (range, delta) = geometry.pendingEdit,
                geometry.pendingRevision == revision
            {
                layout = CellGridLayout(
                    updating: previous, text: view.text,
                    changedUTF8Range: range.lowerBound..<(range.upperBound - delta), newUTF8Length: range.count)
            } else {
                layout = CellGridLayout(text: view.text, grid: grid, unit: LayoutUnit(unit))
            }
            geometry.pendingEdit = nil
            geometry.gridLayout = layout
            geometry.gridLayoutRevision = revision
            return layout
        }
        if geometry.fragments != nil {
            throw .stale(
                "the line fragments describe revision \(geometry.fragmentsRevision), the text is at \(revision); push new ones"
            )
        }
        throw .invalidState("no layout: call SetCellGrid or SetLineFragments first")
    }

    /// Tells the sink the layout changed and where the anchor is now.
    func layoutDidChange() {
        geometry.announcedRevision = nil
        publishGeometry()
    }

    /// Announces an out-of-date layout (once per revision) and a moved
    /// candidate anchor, if the context wants geometry notifications.
    func publishGeometry() {
        guard geometry.isConfigured, wants(.geometry), let sink = geometry.sink else { return }
        let revision = view.document.revision
        if geometry.announcedRevision != revision {
            geometry.announcedRevision = revision
            sink.invalidateCharacterCoordinates(of: self)
        }
        guard let anchor = try? candidateAnchor(), anchor != geometry.announcedAnchor else { return }
        geometry.announcedAnchor = anchor
        sink.candidateAnchorChanged(anchor, of: self)
    }

    static func mapLayoutError<Value>(_ body: () throws(LayoutError) -> Value) throws(InkstoneError) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .invalidArgument(let message): throw .invalidArgument(message)
            case .invalidRange(let message): throw .invalidRange(message)
            }
        }
    }
}

extension InkstoneService {
    /// Announces geometry changes to every context of the document (after
    /// each call), first noting the call's text changes for the grid layouts.
    func publishGeometry(of shared: SharedDocument, events: [DocumentEvent]) {
        for context in shared.contexts {
            for case .textChanged(let record) in events { context.geometry.noteTextChange(record) }
            context.publishGeometry()
        }
    }
}

extension LayoutUnit {
    /// The layout unit of an offset unit (they share names).
    init(_ unit: OffsetUnit) {
        switch unit {
        case .utf16: self = .utf16
        case .utf8: self = .utf8
        case .scalars: self = .scalars
        case .graphemes: self = .graphemes
        }
    }
}
