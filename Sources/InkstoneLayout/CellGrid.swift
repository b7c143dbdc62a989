/// A grid of monospace cells (terminals, TUIs, games): where text sits when
/// every grapheme takes 0, 1 or 2 cells.
public struct CellGrid: Sendable, Equatable {
    /// The left edge of column 0.
    public var originX: Double
    /// The top edge of row 0.
    public var originY: Double
    /// The width of one cell (> 0).
    public var cellWidth: Double
    /// The height of one cell (> 0).
    public var cellHeight: Double
    /// Cells per row (≥ 1); longer lines wrap.
    public var columns: Int
    /// Distance between tab stops, in cells (≥ 1).
    public var tabWidth: Int
    /// Whether East Asian Ambiguous graphemes take 2 cells (CJK terminals).
    public var ambiguousWide: Bool

    /// A grid; throws `invalidArgument` for non-finite values, cell sizes ≤ 0,
    /// 0 columns or a tab width of 0.
    public init(
        originX: Double, originY: Double, cellWidth: Double, cellHeight: Double, columns: Int, tabWidth: Int,
        ambiguousWide: Bool = false
    ) throws(LayoutError) {
        guard originX.isFinite, originY.isFinite else { throw .invalidArgument("the grid origin must be finite") }
        guard cellWidth.isFinite, cellWidth > 0, cellHeight.isFinite, cellHeight > 0 else {
            throw .invalidArgument("cell size \(cellWidth)×\(cellHeight) must be finite and > 0")
        }
        guard columns >= 1 else { throw .invalidArgument("columns \(columns) must be at least 1") }
        guard tabWidth >= 1 else { throw .invalidArgument("tab_width \(tabWidth) must be at least 1") }
        self.originX = originX
        self.originY = originY
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.columns = columns
        self.tabWidth = tabWidth
        self.ambiguousWide = ambiguousWide
    }
}
