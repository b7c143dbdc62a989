/// How edits treat one attribute key.
public struct AttributePolicy: Hashable, Sendable {
    /// Whether text inserted at the end of a run takes the run's value. When
    /// false, inserted text takes the value only when it lands strictly inside
    /// a run (the characters on both sides carry the same value): typing right
    /// after a link does not extend it, typing inside it does.
    public var inheritedByAddedText: Bool
    /// Whether an edit inside a run may split or shrink it. When false, an edit
    /// that replaces part of a run, or inserts strictly inside it, removes the
    /// key from the whole run (an atomic token).
    public var splittable: Bool

    /// Creates a policy; the defaults are those of ordinary formatting.
    public init(inheritedByAddedText: Bool = true, splittable: Bool = true) {
        self.inheritedByAddedText = inheritedByAddedText
        self.splittable = splittable
    }

    /// Ordinary formatting: inherited, splittable.
    public static let standard = AttributePolicy()
}

/// The standard attribute keys and their default policies.
public enum StandardAttribute {
    /// Character-level keys: `bold`, `italic`, `underline`, `strikethrough`,
    /// `font_family`, `font_size`, `foreground`, `background`, `link`, `language`, `pattern`.
    public static let characterKeys: [String] = [
        "bold", "italic", "underline", "strikethrough", "font_family", "font_size",
        "foreground", "background", "link", "language", "pattern",
    ]
    /// Paragraph-level keys: `alignment`, `line_height`, `writing_direction`, `paragraph_style`.
    public static let paragraphKeys: [String] = ["alignment", "line_height", "writing_direction", "paragraph_style"]

    /// Keys whose runs are not extended by text typed at their end.
    public static let defaultPolicies: [String: AttributePolicy] = [
        "link": AttributePolicy(inheritedByAddedText: false),
        "pattern": AttributePolicy(inheritedByAddedText: false),
    ]
}
