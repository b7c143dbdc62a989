/// Terminal cell widths, for laying out text in a grid of monospace cells.
///
/// Rules, per scalar: controls, nonspacing/enclosing marks, format and
/// default-ignorable characters and conjoining Hangul vowels/finals take 0 cells;
/// East Asian Wide and Fullwidth take 2, Ambiguous takes 2 when `ambiguousWide`
/// (CJK terminals) and 1 otherwise; Emoji_Presentation scalars take 2; the rest take 1.
public func cellWidth(ofScalar scalar: Unicode.Scalar, ambiguousWide: Bool = false) -> Int {
    cellWidth(of: scalar, traits: ScalarTraits(scalar), ambiguousWide: ambiguousWide, emojiPresentation: true)
}

/// The cells taken by one grapheme cluster (e.g. a `Character`).
///
/// An emoji presentation sequence (a base with VS16 U+FE0F, such as "❤️" or a
/// keycap) and an emoji ZWJ sequence starting with an Extended_Pictographic
/// scalar take 2 cells. With VS15 U+FE0E (text presentation) emoji presentation
/// is ignored. Otherwise the grapheme takes the width of its widest scalar, so a
/// base with combining marks keeps the base's width ("e\u{301}" is 1), a lone mark
/// or control is 0 (and so is CRLF), and a Hangul L+V+T jamo sequence is 2.
public func cellWidth(ofGrapheme grapheme: some StringProtocol, ambiguousWide: Bool = false) -> Int {
    let scalars = grapheme.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let firstTraits = ScalarTraits(first)
    var hasEmojiVariation = false
    var hasTextVariation = false
    var hasJoiner = false
    for scalar in scalars {
        switch scalar.value {
        case 0xFE0F: hasEmojiVariation = true
        case 0xFE0E: hasTextVariation = true
        case 0x200D: hasJoiner = true
        default: break
        }
    }
    if !hasTextVariation {
        if hasEmojiVariation, firstTraits.isEmoji { return 2 }
        if hasJoiner, firstTraits.isExtendedPictographic { return 2 }
    }
    var widest = 0
    for scalar in scalars {
        let width = cellWidth(
            of: scalar, traits: ScalarTraits(scalar), ambiguousWide: ambiguousWide,
            emojiPresentation: !hasTextVariation)
        widest = max(widest, width)
    }
    return widest
}

/// The cells taken by `text`, summed over its grapheme clusters.
public func cellWidth(ofText text: some StringProtocol, ambiguousWide: Bool = false) -> Int {
    var cells = 0
    for character in text {
        cells += cellWidth(ofGrapheme: String(character), ambiguousWide: ambiguousWide)
    }
    return cells
}

private func cellWidth(
    of scalar: Unicode.Scalar, traits: ScalarTraits, ambiguousWide: Bool, emojiPresentation: Bool
) -> Int {
    if traits.isZeroWidth { return 0 }
    if emojiPresentation, traits.isEmojiPresentation { return 2 }
    switch EastAsianWidth(scalar) {
    case .wide, .fullwidth: return 2
    case .ambiguous: return ambiguousWide ? 2 : 1
    case .neutral, .halfwidth, .narrow: return 1
    }
}
