/// A rectangle in layout coordinates (origin at the top left, y grows down).
public struct LayoutRect: Sendable, Equatable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (0 for a caret).
    public var width: Double
    /// Height.
    public var height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin (answered when there is nothing to place).
    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    /// The centre point.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// Whether every field is finite and the size is not negative.
    public var isValid: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// One rectangle of a selection: a single visual line's part of a range.
public struct SelectionRect: Sendable, Equatable {
    /// The line's part of the range.
    public var rect: LayoutRect
    /// Whether the range starts on this line.
    public var containsStart: Bool
    /// Whether the range ends on this line.
    public var containsEnd: Bool
    /// The writing direction (see ``WritingDirection``).
    public var writingDirection: WritingDirection
    /// Whether the line runs vertically (never, for the layouts here).
    public var isVertical: Bool

    /// A selection rectangle.
    public init(
        rect: LayoutRect, containsStart: Bool, containsEnd: Bool,
        writingDirection: WritingDirection = .leftToRight, isVertical: Bool = false
    ) {
        self.rect = rect
        self.containsStart = containsStart
        self.containsEnd = containsEnd
        self.writingDirection = writingDirection
        self.isVertical = isVertical
    }
}

/// The writing direction of a line, as sent on the wire (`u`).
public enum WritingDirection: UInt32, Sendable {
    /// Left to right (0).
    case leftToRight = 0
    /// Right to left (1).
    case rightToLeft = 1
}

/// Where a client window sits on screen: answers in screen coordinates are
/// `origin + window rect × scale`, and points given in screen coordinates map back.
public struct WindowGeometry: Sendable, Equatable {
    /// The window's origin in screen coordinates.
    public var originX: Double
    /// The window's origin in screen coordinates.
    public var originY: Double
    /// Screen units per window unit (the HiDPI scale; > 0).
    public var scale: Double

    /// A window geometry; throws `invalidArgument` for a non-finite origin or a scale ≤ 0.
    public init(originX: Double, originY: Double, scale: Double) throws(LayoutError) {
        guard originX.isFinite, originY.isFinite else { throw .invalidArgument("the window origin must be finite") }
        guard scale.isFinite, scale > 0 else { throw .invalidArgument("scale \(scale) must be a finite number > 0") }
        self.originX = originX
        self.originY = originY
        self.scale = scale
    }

    /// A window rectangle in screen coordinates.
    public func toScreen(_ rect: LayoutRect) -> LayoutRect {
        LayoutRect(
            x: originX + rect.x * scale, y: originY + rect.y * scale,
            width: rect.width * scale, height: rect.height * scale)
    }

    /// A screen point in window coordinates.
    public func toWindow(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - originX) / scale, (y - originY) / scale)
    }
}

/// A bad layout argument; the service maps it onto its error codes.
public enum LayoutError: Error, Sendable, Equatable {
    /// A size, count or coordinate is out of its domain.
    case invalidArgument(String)
    /// An offset lies outside the text or the layout.
    case invalidRange(String)
}
