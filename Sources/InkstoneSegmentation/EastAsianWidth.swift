internal import CICU

/// The Unicode East Asian Width property (UAX #11) of a scalar, from ICU's data.
public enum EastAsianWidth: Int, Sendable, Hashable, CaseIterable {
    /// N: not East Asian (most scripts outside East Asia).
    case neutral = 0
    /// A: ambiguous, wide in East Asian legacy contexts, narrow elsewhere (é, →).
    case ambiguous = 1
    /// H: halfwidth forms (ｱ).
    case halfwidth = 2
    /// F: fullwidth forms (Ａ).
    case fullwidth = 3
    /// Na: narrow (ASCII).
    case narrow = 4
    /// W: wide (CJK ideographs, Hangul syllables, most emoji).
    case wide = 5

    /// The East Asian Width of `scalar`.
    public init(_ scalar: Unicode.Scalar) {
        self = EastAsianWidth(rawValue: Int(inkstone_east_asian_width(scalar.value))) ?? .neutral
    }
}

/// The properties of one scalar that decide its terminal cell width.
struct ScalarTraits {
    private let flags: UInt32

    init(_ scalar: Unicode.Scalar) {
        flags = inkstone_scalar_flags(scalar.value)
    }

    private func has(_ flag: Int) -> Bool {
        flags & UInt32(flag) != 0
    }

    /// Emoji property (may take text or emoji presentation).
    var isEmoji: Bool { has(INKSTONE_SCALAR_EMOJI) }
    /// Emoji_Presentation: shown as emoji by default.
    var isEmojiPresentation: Bool { has(INKSTONE_SCALAR_EMOJI_PRESENTATION) }
    /// Extended_Pictographic: a possible base of an emoji ZWJ sequence.
    var isExtendedPictographic: Bool { has(INKSTONE_SCALAR_EXTENDED_PICTOGRAPHIC) }
    /// Takes no cell of its own (marks, controls, format and default-ignorable
    /// characters, conjoining Hangul vowels and finals).
    var isZeroWidth: Bool { has(INKSTONE_SCALAR_ZERO_WIDTH) }
    /// General category Cc.
    var isControl: Bool { has(INKSTONE_SCALAR_CONTROL) }
}
