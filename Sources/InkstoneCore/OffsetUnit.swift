/// The unit a view counts text positions in.
///
/// A view speaks exactly one unit: every position, length and change record it
/// sees is measured in it. ``utf16`` is the default, matching `NSRange`.
public enum OffsetUnit: String, CaseIterable, Sendable {
    /// UTF-16 code units (`NSRange`, UIKit, Qt, GTK's `gunichar2`).
    case utf16
    /// UTF-8 code units (bytes).
    case utf8
    /// Unicode scalar values (code points other than surrogates).
    case scalars
    /// Extended grapheme clusters: Swift `Character`s, the project's one grapheme truth.
    case graphemes
}
