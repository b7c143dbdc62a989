extension PinyinEngine {
    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else { return unchanged(consumed: false) }
        if input.isEmpty { return handleIdle(key) }
        if key.isShortcut { return flushed().followed(by: direct.handle(key)) }
        switch key.keysym {
        case 0x61...0x7a, Self.apostrophe:
            return append(key.keysym)
        case Keysym.space:
            return pick(at: list?.cursorIndex ?? 0)
        case Keysym.backSpace:
            // With no letter after the chosen words, the last choice is taken back.
            if !chosen.isEmpty, !remaining.contains(where: { $0 != "'" }) {
                chosen.removeLast()
            } else {
                input.removeLast()
            }
            if input.isEmpty { reset() } else { recompose() }
            return unchanged(consumed: true)
        case Keysym.escape:
            reset()
            return unchanged(consumed: true)
        case Keysym.returnKey, Keysym.kpEnter:
            return flushed()
        case Self.minus:
            list?.prevPage()
            return unchanged(consumed: true)
        case Self.equal:
            list?.nextPage()
            return unchanged(consumed: true)
        default:
            break
        }
        if var open = list {
            if let position = open.position(ofLabelKey: key.keysym) {
                let index = open.pageIndex * open.pageSize + position
                guard position < open.pageSize, shown.indices.contains(index) else { return unchanged(consumed: true) }
                return pick(at: index)
            }
            if open.handle(key) == .navigated {
                list = open
                return unchanged(consumed: true)
            }
        }
        if options.chinesePunctuation, let mark = PinyinPunctuation.mark(for: key.keysym) {
            let sentence = composition?.sentence ?? []
            let text = chosen.map(\.text).joined() + options.script.render(sentence.map(\.text).joined())
            learnCommit(chosen)
            reset()
            return EngineOutput(consumed: true, commit: text + mark)
        }
        return flushed().followed(by: direct.handle(key))
    }

    static let apostrophe: UInt32 = 0x27
    static let minus: UInt32 = 0x2d
    static let equal: UInt32 = 0x3d

    /// A key with nothing typed: a letter starts the input, punctuation may type a Chinese mark.
    private mutating func handleIdle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isShortcut else { return direct.handle(key) }
        if (0x61...0x7a).contains(key.keysym) { return append(key.keysym) }
        if options.chinesePunctuation, let mark = PinyinPunctuation.mark(for: key.keysym) {
            return EngineOutput(consumed: true, commit: mark)
        }
        return direct.handle(key)
    }

    /// Adds a letter or a separator to the input (a second separator in a row adds nothing).
    private mutating func append(_ keysym: UInt32) -> EngineOutput {
        if keysym == Self.apostrophe, input.last == "'" { return unchanged(consumed: true) }
        guard input.utf8.count < Self.maximumInputLength else {
            var refused = unchanged(consumed: true)
            refused.notice = "pinyin input is limited to \(Self.maximumInputLength) letters; choose a candidate first"
            return refused
        }
        input.unicodeScalars.append(Unicode.Scalar(UInt8(keysym)))
        recompose()
        return unchanged(consumed: true)
    }

    /// Chooses the candidate at `index`: a word for part of the input is kept and the
    /// rest composed on; once the whole input is chosen, it is committed and learnt.
    private mutating func pick(at index: Int) -> EngineOutput {
        guard shown.indices.contains(index) else { return unchanged(consumed: true) }
        let word = shown[index]
        chosen.append(
            Choice(
                text: options.script.render(word.text), tableText: word.text, reading: word.reading, length: word.end))
        guard remaining.contains(where: { $0 != "'" }) else {
            let text = chosen.map(\.text).joined()
            learnCommit(chosen)
            reset()
            return EngineOutput(consumed: true, commit: text)
        }
        recompose()
        return unchanged(consumed: true)
    }

    /// Records each chosen word under its syllables and, when there are several,
    /// the whole as one phrase (learnt words have readings; letters typed as they are have none).
    private func learnCommit(_ choices: [Choice]) {
        guard let learning else { return }
        let words = choices.filter { !$0.tableText.isEmpty }
        for choice in words where !choice.reading.isEmpty {
            learning.record(choice.tableText, for: PinyinLearningKey.of(choice.reading))
        }
        guard words.count > 1, words.allSatisfy({ !$0.reading.isEmpty }) else { return }
        learning.record(
            words.map(\.tableText).joined(), for: PinyinLearningKey.of(words.map(\.reading).joined(separator: " ")))
    }

    /// Commits the chosen text and the letters after it, and resets.
    private mutating func flushed() -> EngineOutput {
        focusOut()
    }

    /// Output with the current preedit and candidates and nothing to commit.
    func unchanged(consumed: Bool) -> EngineOutput {
        EngineOutput(consumed: consumed, preedit: preedit, candidates: candidates)
    }
}
