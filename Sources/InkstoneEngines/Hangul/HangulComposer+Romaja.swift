/// Romaja (keyboard kind `romaja`, libhangul's `hangul_ic_process_romaja`): Latin letters
/// spell Hangul by sound (`seoul` → 서울, `annyeonghaseyo` → 안녕하세요).
///
/// The keyboard maps each letter to one jamo; the rules that make syllables of them:
/// - a vowel with no consonant before it gets a silent ㅇ (`a` → 아);
/// - a consonant that cannot join the one before it gives that one the vowel ㅡ (`kk` → 크ㅋ);
/// - `ng` is the final ㅇ, and it stays when a vowel follows (`hangug` → 항욱; `hanGug` → 한국);
/// - `x` is the final ㄳ after a vowel and ㅈ elsewhere (`saxa` → 삭사);
/// - an upper-case letter starts a new syllable.
extension HangulComposer {
    /// One romaja key: `value` is the keyboard's jamo for it (0 for none), `ascii` the key itself.
    mutating func processRomaja(_ value: UInt32, ascii: UInt32) -> Bool {
        let ch = value
        let isX = ascii == 0x78 || ascii == 0x58
        if (0x41...0x5a).contains(ascii) { saveCommit() }
        if jongseong != 0 {
            return romajaAfterFinal(ch, isX: isX)
        } else if jungseong != 0 {
            return romajaAfterVowel(ch)
        } else if choseong != 0 {
            return romajaAfterInitial(ch, isX: isX)
        }
        guard pushOrFlush(isX ? Self.romajaX : ch) else { return false }
        if choseong == 0, jungseong != 0 { choseong = Self.silentInitial }
        return true
    }

    /// ㅈ, what `x` stands for outside a final.
    private static let romajaX: UInt32 = 0x110c
    /// ㅇ, the silent initial of a syllable that starts with a vowel.
    private static let silentInitial: UInt32 = 0x110b
    /// ㅡ, the vowel a consonant gets when the next letter cannot join it.
    private static let romajaFillerVowel: UInt32 = 0x1173
    /// ㅇ as a final (`ng`).
    private static let finalIeung: UInt32 = 0x11bc

    /// A key when the syllable has a final consonant.
    private mutating func romajaAfterFinal(_ ch: UInt32, isX: Bool) -> Bool {
        if isX {
            saveCommit()
            return pushOrFlush(Self.romajaX)
        }
        if HangulJamo.isChoseong(ch) || HangulJamo.isJongseong(ch) {
            let final = HangulJamo.isJongseong(ch) ? ch : finalForm(of: ch)
            let combined = combine(jongseong, final)
            if HangulJamo.isJongseong(combined) { return pushOrFlush(combined) || pushOrFlush(ch) }
            saveCommit()
            return pushOrFlush(ch)
        }
        guard HangulJamo.isJungseong(ch) else {
            saveCommit()
            return false
        }
        if jongseong == Self.finalIeung {
            // 항 + a → 항아: ㅇ stays final, the vowel gets a silent ㅇ.
            saveCommit()
            choseong = Self.silentInitial
            push(ch)
            return true
        }
        let popped = stack.popLast() ?? 0
        if HangulJamo.isJungseong(stack.last ?? 0) {
            // The final was one key: it moves to the next syllable (ㄳ splits: 삯 + a → 삭사).
            var moving = popped
            if popped == 0x11aa {
                jongseong = 0x11a8
                moving = 0x11ba
            } else {
                jongseong = 0
            }
            saveCommit()
            _ = pushOrFlush(HangulJamo.jongseongToChoseong(moving))
        } else {
            let (kept, moving) = HangulJamo.decomposeJongseong(jongseong)
            jongseong = kept
            saveCommit()
            _ = pushOrFlush(moving)
        }
        return pushOrFlush(ch)
    }

    /// A key when the syllable ends in a vowel.
    private mutating func romajaAfterVowel(_ ch: UInt32) -> Bool {
        if HangulJamo.isChoseong(ch) {
            guard choseong != 0 else { return pushOrFlush(ch) || pushOrFlush(ch) }
            let final = finalForm(of: ch)
            if HangulJamo.isJongseong(final) { return pushOrFlush(final) || pushOrFlush(ch) }
            saveCommit()
            return pushOrFlush(ch)
        } else if HangulJamo.isJungseong(ch) {
            let combined = combine(jungseong, ch)
            if HangulJamo.isJungseong(combined) { return pushOrFlush(combined) }
            saveCommit()
            choseong = Self.silentInitial
            return pushOrFlush(ch)
        } else if HangulJamo.isJongseong(ch) {
            return pushOrFlush(ch) || pushOrFlush(ch)
        }
        saveCommit()
        return false
    }

    /// A key when the syllable is a lone initial consonant.
    private mutating func romajaAfterInitial(_ ch: UInt32, isX: Bool) -> Bool {
        if HangulJamo.isChoseong(ch) {
            let combined = combine(choseong, ch)
            if combined != 0 { return pushOrFlush(combined) || pushOrFlush(ch) }
            jungseong = Self.romajaFillerVowel
            saveCommit()
            return pushOrFlush(ch)
        } else if HangulJamo.isJongseong(ch) {
            jungseong = Self.romajaFillerVowel
            saveCommit()
            return pushOrFlush(isX ? Self.romajaX : ch)
        }
        return pushOrFlush(ch) || pushOrFlush(ch)
    }
}
