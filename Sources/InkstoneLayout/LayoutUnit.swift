/// The unit a layout counts text offsets in (the same names as the
/// context's offset units).
public enum LayoutUnit: String, Sendable, CaseIterable {
    /// UTF-16 code units.
    case utf16
    /// UTF-8 code units.
    case utf8
    /// Unicode scalars.
    case scalars
    /// Grapheme clusters.
    case graphemes

    /// The length of one grapheme in this unit.
    @inline(__always)
    public func length(of grapheme: Character) -> Int {
        switch self {
        case .utf16: grapheme.utf16.count
        case .utf8: grapheme.utf8.count
        case .scalars: grapheme.unicodeScalars.count
        case .graphemes: 1
        }
    }
}
