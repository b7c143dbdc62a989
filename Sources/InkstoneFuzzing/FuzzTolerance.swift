import Glibc

/// Known open defects a long fuzz run may step over, so it can look for new ones.
///
/// Empty by default (every check is strict). Set `INKSTONE_FUZZ_TOLERATE` to a
/// comma-separated list of raw values to skip the inputs that reach them; remove
/// an entry from the list once its defect is fixed.
public struct FuzzTolerance: OptionSet, Sendable {
    /// One bit per defect.
    public let rawValue: UInt32
    /// A tolerance from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `selection-overflow`: selection calls whose `start + length` overflows are not made.
    public static let selectionOverflow = FuzzTolerance(rawValue: 1 << 0)
    /// `failed-call-state`: a failed undo/redo may change state (not checked).
    public static let failedCallState = FuzzTolerance(rawValue: 1 << 1)
    /// `nul`: engines may produce U+0000 (not checked).
    public static let nul = FuzzTolerance(rawValue: 1 << 2)

    private static let names: [(String, FuzzTolerance)] = [
        ("selection-overflow", .selectionOverflow), ("failed-call-state", .failedCallState), ("nul", .nul),
    ]

    /// The tolerance named in `INKSTONE_FUZZ_TOLERATE` (empty when unset).
    public static let fromEnvironment: FuzzTolerance = {
        guard let raw = getenv("INKSTONE_FUZZ_TOLERATE") else { return [] }
        let listed = String(cString: raw).split(separator: ",").map { $0.trimmingCharacters(in: " ") }
        return FuzzTolerance(names.filter { listed.contains($0.0) }.map(\.1))
    }()
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
