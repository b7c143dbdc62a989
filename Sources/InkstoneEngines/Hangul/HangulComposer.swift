/// The Hangul syllable composer: one syllable's choseong/jungseong/jongseong slots plus a
/// stack of the jamo pushed so far (so BackSpace undoes one keystroke).
///
/// It follows libhangul's `hangul_ic_process` for the keyboard kinds `jamo` (2-set),
/// `jaso` (3-set) and `romaja` (`HangulComposer+Romaja.swift`) with libhangul's default
/// options: no auto-reorder, no combination on a repeated stroke on 2-set (`rr` is ㄱㄱ,
/// not ㄲ: use Shift), and consonant+consonant combinations into a lone final (`rt` → ㄳ)
/// allowed. Like libhangul, every call starts with an empty ``commit``; ``preedit`` is the
/// syllable being composed.
struct HangulComposer: Sendable {
    /// The keyboard in use.
    let keyboard: HangulKeyboard
    // The slots and the stack are changed only by the composer and its extensions.
    var choseong: UInt32 = 0
    var jungseong: UInt32 = 0
    var jongseong: UInt32 = 0
    /// The jamo pushed for the current syllable, oldest first (a slot set directly, such as
    /// romaja's silent ㅇ, is not on it).
    var stack: [UInt32] = []
    /// Text committed by the last call.
    private(set) var commit: [UInt32] = []

    /// How many jamo the stack holds at most (libhangul's buffer size); later pushes still set
    /// the slots but are not stacked. (libhangul itself writes past its buffer there, which only
    /// romaja reaches: `c` followed by 12 or more `h`, each one pushing ㅊ again.)
    static let stackCapacity = 12

    /// Creates an empty composer.
    init(keyboard: HangulKeyboard) {
        self.keyboard = keyboard
        stack.reserveCapacity(Self.stackCapacity)
    }

    /// Whether nothing is being composed.
    var isEmpty: Bool { choseong == 0 && jungseong == 0 && jongseong == 0 }

    /// The syllable being composed, as scalars.
    var preedit: [UInt32] {
        HangulJamo.render(choseong: choseong, jungseong: jungseong, jongseong: jongseong)
    }

    /// Processes one ASCII key (US positions; Shift gives upper case). Returns whether the
    /// key was used; when not, the syllable has been moved to ``commit`` and the caller
    /// handles the key itself.
    mutating func process(ascii: UInt32) -> Bool {
        commit.removeAll(keepingCapacity: true)
        let value = keyboard.value(forASCII: ascii)
        if value != 0, !HangulJamo.isJamo(value) {
            saveCommit()
            commit.append(value)
            return true
        }
        switch keyboard.kind {
        case .jamo, .jamoYet: return processJamo(value)
        case .jaso, .jasoYet: return processJaso(value)
        case .romaja: return processRomaja(value, ascii: ascii)
        }
    }

    /// Removes the last jamo pushed. Returns false when there was nothing to remove.
    mutating func backspace() -> Bool {
        commit.removeAll(keepingCapacity: true)
        guard let popped = stack.popLast(), popped != 0 else { return false }
        guard let below = stack.last else {
            choseong = 0
            jungseong = 0
            jongseong = 0
            return true
        }
        if HangulJamo.isChoseong(popped) {
            choseong = HangulJamo.isChoseong(below) ? below : 0
        } else if HangulJamo.isJungseong(popped) {
            jungseong = HangulJamo.isJungseong(below) ? below : 0
        } else if HangulJamo.isJongseong(popped) {
            jongseong = HangulJamo.isJongseong(below) ? below : 0
        }
        return true
    }

    /// Ends composition: returns the syllable and clears everything.
    mutating func flush() -> [UInt32] {
        commit.removeAll(keepingCapacity: true)
        let text = preedit
        clear()
        return text
    }

    /// Drops the syllable without committing it.
    mutating func reset() {
        commit.removeAll(keepingCapacity: true)
        clear()
    }

    // MARK: 2-set (jamo)

    private mutating func processJamo(_ ch: UInt32) -> Bool {
        if jongseong != 0 {
            if HangulJamo.isChoseong(ch) {
                let combined = combine(jongseong, finalForm(of: ch))
                if HangulJamo.isJongseong(combined) {
                    push(combined)
                } else {
                    saveCommit()
                    push(ch)
                }
            } else if HangulJamo.isJungseong(ch) {
                moveFinalToNextSyllable(vowel: ch)
            } else {
                return flushAndDecline()
            }
        } else if jungseong != 0 {
            if HangulJamo.isChoseong(ch) {
                let final = choseong != 0 ? finalForm(of: ch) : 0
                if choseong != 0, HangulJamo.isJongseong(final) {
                    push(final)
                } else {
                    saveCommit()
                    push(ch)
                }
            } else if HangulJamo.isJungseong(ch) {
                let combined = combine(jungseong, ch)
                if !HangulJamo.isJungseong(combined) { saveCommit() }
                push(HangulJamo.isJungseong(combined) ? combined : ch)
            } else {
                return flushAndDecline()
            }
        } else if choseong != 0 {
            if HangulJamo.isChoseong(ch) {
                let combined = combine(choseong, ch)
                if HangulJamo.isJongseong(combined) {
                    // ㄱ + ㅅ → ㄳ: the first consonant becomes a final too.
                    choseong = 0
                    let first = stack.popLast() ?? 0
                    push(HangulJamo.choseongToJongseong(first))
                }
                if !pushOrFlush(combined) { guard pushOrFlush(ch) else { return false } }
            } else if !pushOrFlush(ch) {
                return false
            }
        } else if !pushOrFlush(ch) {
            return false
        }
        return true
    }

    /// A vowel after a final consonant: the (last part of the) final starts the next syllable
    /// (닭 + ㅣ → 달기).
    private mutating func moveFinalToNextSyllable(vowel: UInt32) {
        let popped = stack.popLast() ?? 0
        let below = stack.last ?? 0
        if HangulJamo.isJongseong(below) {
            let moving = finalDifference(from: below, to: jongseong)
            if moving == 0 {
                saveCommit()
            } else {
                jongseong = below
                saveCommit()
                push(moving)
            }
        } else {
            jongseong = 0
            saveCommit()
            push(HangulJamo.jongseongToChoseong(popped))
        }
        push(vowel)
    }

    /// The choseong that turned final `previous` into final `current`, or 0.
    private func finalDifference(from previous: UInt32, to current: UInt32) -> UInt32 {
        for second in UInt32(0x11a8)...0x11c2 where combine(previous, second) == current {
            return HangulJamo.jongseongToChoseong(second)
        }
        return HangulJamo.jongseongToChoseong(current)
    }

    // MARK: 3-set (jaso)

    private mutating func processJaso(_ ch: UInt32) -> Bool {
        if HangulJamo.isChoseong(ch) {
            if choseong == 0 {
                if jungseong != 0 || jongseong != 0 { saveCommit() }
                return pushOrFlush(ch)
            }
            let combined = HangulJamo.isChoseong(stack.last ?? 0) ? combine(choseong, ch) : 0
            if combined == 0 { saveCommit() }
            return pushOrFlush(combined != 0 ? combined : ch)
        } else if HangulJamo.isJungseong(ch) {
            if jungseong == 0 {
                if jongseong != 0 { saveCommit() }
                return pushOrFlush(ch)
            }
            let combined = HangulJamo.isJungseong(stack.last ?? 0) ? combine(jungseong, ch) : 0
            if combined == 0 { saveCommit() }
            return pushOrFlush(combined != 0 ? combined : ch)
        } else if HangulJamo.isJongseong(ch) {
            if jongseong == 0 { return pushOrFlush(ch) }
            let combined = HangulJamo.isJongseong(stack.last ?? 0) ? combine(jongseong, ch) : 0
            if combined == 0 { saveCommit() }
            return pushOrFlush(combined != 0 ? combined : ch)
        }
        saveCommit()
        return false
    }

    // MARK: Buffer

    /// libhangul's combine with default options: a repeated jamo never combines on a 2-set
    /// keyboard, everything else comes from the keyboard's combination table.
    func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        if keyboard.kind == .jamo, first == second, HangulJamo.isConjoinable(first) { return 0 }
        return keyboard.combine(first, second)
    }

    /// The final form of a consonant, 0 when it has none (ㄸ ㅃ ㅉ on modern keyboards).
    func finalForm(of choseong: UInt32) -> UInt32 {
        let final = HangulJamo.choseongToJongseong(choseong)
        return HangulJamo.isConjoinable(final) ? final : 0
    }

    /// Pushes a jamo; a non-jamo flushes the syllable and is refused.
    mutating func pushOrFlush(_ ch: UInt32) -> Bool {
        guard HangulJamo.isJamo(ch) else {
            saveCommit()
            return false
        }
        push(ch)
        return true
    }

    /// Pushes a jamo into its slot and onto the stack.
    mutating func push(_ ch: UInt32) {
        if HangulJamo.isChoseong(ch) {
            choseong = ch
        } else if HangulJamo.isJungseong(ch) {
            jungseong = ch
        } else if HangulJamo.isJongseong(ch) {
            jongseong = ch
        }
        if stack.count < Self.stackCapacity { stack.append(ch) }
    }

    /// Declines a key that is not a jamo in this position: the syllable goes to commit.
    private mutating func flushAndDecline() -> Bool {
        saveCommit()
        return false
    }

    /// Appends the syllable to ``commit`` and clears it.
    mutating func saveCommit() {
        commit.append(contentsOf: preedit)
        clear()
    }

    private mutating func clear() {
        choseong = 0
        jungseong = 0
        jongseong = 0
        stack.removeAll(keepingCapacity: true)
    }
}
