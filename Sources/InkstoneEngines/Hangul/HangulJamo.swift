/// Hangul jamo classification and conversions (Unicode conjoining jamo, U+1100 block),
/// as the composer needs them. Values are Unicode scalars as `UInt32`; 0 means "none".
enum HangulJamo {
    /// Choseong filler (U+115F).
    static let choseongFiller: UInt32 = 0x115f
    /// Jungseong filler (U+1160).
    static let jungseongFiller: UInt32 = 0x1160

    /// Whether `c` is a leading consonant (choseong), old forms and filler included.
    static func isChoseong(_ c: UInt32) -> Bool {
        (0x1100...0x115f).contains(c) || (0xa960...0xa97c).contains(c)
    }

    /// Whether `c` is a vowel (jungseong), old forms and filler included.
    static func isJungseong(_ c: UInt32) -> Bool {
        (0x1160...0x11a7).contains(c) || (0xd7b0...0xd7c6).contains(c)
    }

    /// Whether `c` is a trailing consonant (jongseong), old forms included.
    static func isJongseong(_ c: UInt32) -> Bool {
        (0x11a8...0x11ff).contains(c) || (0xd7cb...0xd7fb).contains(c)
    }

    /// Whether `c` is any conjoining jamo.
    static func isJamo(_ c: UInt32) -> Bool { isChoseong(c) || isJungseong(c) || isJongseong(c) }

    /// Whether `c` is a modern jamo that precomposed syllables can hold.
    static func isConjoinable(_ c: UInt32) -> Bool {
        (0x1100...0x1112).contains(c) || (0x1161...0x1175).contains(c) || (0x11a8...0x11c2).contains(c)
    }

    /// Modern choseong in order ᄀ…ᄒ, and the jongseong each becomes (0 for ᄄ ᄈ ᄍ).
    private static let choseongToJongseongTable: [UInt32] = [
        0x11a8, 0x11a9, 0x11ab, 0x11ae, 0, 0x11af, 0x11b7, 0x11b8, 0, 0x11ba,
        0x11bb, 0x11bc, 0x11bd, 0, 0x11be, 0x11bf, 0x11c0, 0x11c1, 0x11c2,
    ]

    /// Modern jongseong ᆨ…ᇂ and the choseong of their (last) consonant.
    private static let jongseongToChoseongTable: [UInt32] = [
        0x1100, 0x1101, 0x1109, 0x1102, 0x110c, 0x1112, 0x1103, 0x1105, 0x1100, 0x1106,
        0x1107, 0x1109, 0x1110, 0x1111, 0x1112, 0x1106, 0x1107, 0x1109, 0x1109, 0x110a,
        0x110b, 0x110c, 0x110e, 0x110f, 0x1110, 0x1111, 0x1112,
    ]

    /// The jongseong of a modern choseong, or 0 when it has no modern final form.
    static func choseongToJongseong(_ c: UInt32) -> UInt32 {
        guard (0x1100...0x1112).contains(c) else { return 0 }
        return choseongToJongseongTable[Int(c - 0x1100)]
    }

    /// The choseong of a modern jongseong's last consonant, or 0.
    static func jongseongToChoseong(_ c: UInt32) -> UInt32 {
        guard (0x11a8...0x11c2).contains(c) else { return 0 }
        return jongseongToChoseongTable[Int(c - 0x11a8)]
    }

    /// Modern jongseong ᆨ…ᇂ split into the final that stays (0 for a single consonant) and
    /// the choseong that moves to the next syllable (libhangul's `hangul_jongseong_decompose`).
    private static let jongseongDecompositionTable: [(UInt32, UInt32)] = [
        (0, 0x1100), (0x11a8, 0x1100), (0x11a8, 0x1109), (0, 0x1102), (0x11ab, 0x110c),
        (0x11ab, 0x1112), (0, 0x1103), (0, 0x1105), (0x11af, 0x1100), (0x11af, 0x1106),
        (0x11af, 0x1107), (0x11af, 0x1109), (0x11af, 0x1110), (0x11af, 0x1111), (0x11af, 0x1112),
        (0, 0x1106), (0, 0x1107), (0x11b8, 0x1109), (0, 0x1109), (0x11ba, 0x1109),
        (0, 0x110b), (0, 0x110c), (0, 0x110e), (0, 0x110f), (0, 0x1110),
        (0, 0x1111), (0, 0x1112),
    ]

    /// A modern jongseong as (final that stays, choseong that moves): ᆰ → (ᆯ, ᄀ), ᆨ → (0, ᄀ);
    /// (0, 0) for anything else.
    static func decomposeJongseong(_ c: UInt32) -> (jongseong: UInt32, choseong: UInt32) {
        guard (0x11a8...0x11c2).contains(c) else { return (0, 0) }
        return jongseongDecompositionTable[Int(c - 0x11a8)]
    }

    /// Compatibility jamo (U+3131 block) for modern choseong ᄀ…ᄒ.
    private static let choseongCompatibility: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314a, 0x314b, 0x314c, 0x314d, 0x314e,
    ]

    /// Compatibility jamo for modern jongseong ᆨ…ᇂ.
    private static let jongseongCompatibility: [UInt32] = [
        0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313a, 0x313b,
        0x313c, 0x313d, 0x313e, 0x313f, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146,
        0x3147, 0x3148, 0x314a, 0x314b, 0x314c, 0x314d, 0x314e,
    ]

    /// The compatibility (stand-alone) form of a modern jamo, or 0.
    static func compatibilityJamo(_ c: UInt32) -> UInt32 {
        switch c {
        case 0x1100...0x1112: return choseongCompatibility[Int(c - 0x1100)]
        case 0x1161...0x1175: return 0x314f + (c - 0x1161)
        case 0x11a8...0x11c2: return jongseongCompatibility[Int(c - 0x11a8)]
        default: return 0
        }
    }

    /// The precomposed syllable for modern cho + jung (+ jong), or 0.
    static func syllable(choseong: UInt32, jungseong: UInt32, jongseong: UInt32) -> UInt32 {
        guard (0x1100...0x1112).contains(choseong), (0x1161...0x1175).contains(jungseong),
            jongseong == 0 || (0x11a8...0x11c2).contains(jongseong)
        else { return 0 }
        let trailing = jongseong == 0 ? 0 : jongseong - 0x11a7
        return 0xac00 + ((choseong - 0x1100) * 21 + (jungseong - 0x1161)) * 28 + trailing
    }

    /// The text of one syllable slot set, the way libhangul renders it in syllable mode:
    /// a precomposed syllable when possible, compatibility jamo for a lone jamo, and
    /// conjoining jamo with fillers otherwise.
    static func render(choseong: UInt32, jungseong: UInt32, jongseong: UInt32) -> [UInt32] {
        switch (choseong != 0, jungseong != 0, jongseong != 0) {
        case (false, false, false): return []
        case (true, true, _):
            let composed = syllable(choseong: choseong, jungseong: jungseong, jongseong: jongseong)
            if composed != 0 { return [composed] }
            return jongseong == 0 ? [choseong, jungseong] : [choseong, jungseong, jongseong]
        case (true, false, true): return [choseong, jungseongFiller, jongseong]
        case (false, true, true): return [choseongFiller, jungseong, jongseong]
        case (true, false, false): return lone(choseong, fillers: [jungseongFiller], after: true)
        case (false, true, false): return lone(jungseong, fillers: [choseongFiller], after: false)
        case (false, false, true): return lone(jongseong, fillers: [choseongFiller, jungseongFiller], after: false)
        }
    }

    /// A lone jamo: its compatibility form, or the jamo with fillers.
    private static func lone(_ jamo: UInt32, fillers: [UInt32], after: Bool) -> [UInt32] {
        let compatibility = compatibilityJamo(jamo)
        if compatibility != 0 { return [compatibility] }
        return after ? [jamo] + fillers : fillers + [jamo]
    }

    /// A string from scalars (invalid ones are skipped).
    static func string(_ scalars: [UInt32]) -> String {
        var text = ""
        for value in scalars { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        return text
    }
}
