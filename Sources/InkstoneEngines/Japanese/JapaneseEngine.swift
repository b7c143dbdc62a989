import InkstoneCore

/// `japanese`: romaji → kana → kanji conversion, IME style, over Debian's SKK
/// dictionary (`skkdic`).
///
/// Typing composes kana (``RomajiComposer``; the pending romaji shows in the preedit).
/// While composing:
///
/// | key | action |
/// | --- | --- |
/// | letters, punctuation | romaji → kana |
/// | `space`, `Henkan` | convert the kana into segments (``JapaneseConverter``) |
/// | `Return` | commit the kana |
/// | `BackSpace` | remove the last pending key or kana |
/// | `Escape` | drop the composition |
/// | `F6`–`F10` | show it as hiragana, katakana, half-width katakana, full-width / half-width romaji |
/// | `Muhenkan` | show it as katakana (again: back to hiragana) |
///
/// While converting, the focused segment is highlighted:
///
/// | key | action |
/// | --- | --- |
/// | `space`, `Down`, `Henkan` | next candidate; from the second press the candidate window is open |
/// | `Up` | previous candidate |
/// | `1`–`9`, `0` (window open) | pick from the window |
/// | `Left` / `Right` | focus the previous / next segment |
/// | `Shift+Left` / `Shift+Right` | shrink / grow the focused segment and convert again |
/// | `F6`–`F10` | show the focused segment in that form |
/// | `Escape` | close the window, else back to the kana |
/// | `BackSpace` | back to the kana |
/// | `Return` | commit (every segment's choice is learnt) |
/// | any other printable key | commit, then start composing with it |
///
/// `Zenkaku_Hankaku` switches between Japanese and direct (half-width) input;
/// with nothing composing, `Henkan` turns Japanese input on and `Muhenkan` turns it off.
///
/// Reconversion (as in mozc): `Henkan` with nothing composing and text selected reopens the
/// selection for conversion. Its reading is the one the text was last chosen for (the
/// learning store), else comes from the text itself (kana as hiragana, words read back
/// through the dictionary, ``JapaneseReverseIndex``; what has no reading stays as it is), the conversion shows in place of the selection, and the keys above apply:
/// `Return` commits the new text (one undo step), `Escape` (window closed) puts the
/// original text and selection back.
public struct JapaneseEngine: CompositionEngine {
    /// `japanese`.
    public var id: String { "japanese" }
    private var composer: RomajiComposer
    /// The romaji typed since the composition began (for the romaji forms).
    private var typed = ""
    private var conversion: JapaneseConversion?
    private var japaneseInput = true
    private let converter: JapaneseConverter
    private let direct = DirectEngine()
    private let pageSize: Int
    private let labels: String
    /// The client's selection (see ``setSelectedText(_:)``): what `Henkan` reopens.
    private var selectedText = ""

    /// An engine over `table` (see ``JapaneseDictionary/shared``) learning through `learning`,
    /// ranking sentences with `model` (see ``KkcLanguageModel/shared``; nil: by dictionary costs);
    /// `fullWidthSymbols` enters digits and symbols full-width.
    public init(
        table: any ReadingTable, learning: (any CandidateLearning)?, model: KkcLanguageModel? = nil,
        fullWidthSymbols: Bool = false, candidatePageSize: Int = 9, candidateLabels: String = CandidateList.digitLabels
    ) {
        converter = JapaneseConverter(table: table, learning: learning, model: model)
        composer = RomajiComposer(fullWidth: fullWidthSymbols)
        pageSize = candidatePageSize
        labels = candidateLabels
    }

    /// An engine converting with `converter` (its table, learning, model and settings).
    public init(
        converter: JapaneseConverter, fullWidthSymbols: Bool = false, candidatePageSize: Int = 9,
        candidateLabels: String = CandidateList.digitLabels
    ) {
        self.converter = converter
        composer = RomajiComposer(fullWidth: fullWidthSymbols)
        pageSize = candidatePageSize
        labels = candidateLabels
    }

    /// The composing kana (with pending romaji) or the conversion's segments.
    public var preedit: Preedit? {
        if let conversion { return conversion.preedit }
        return Preedit.underlined(composer.text)
    }

    /// The focused segment's candidate window, when open.
    public var candidates: CandidateList? { conversion?.list }

    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else { return snapshot(consumed: false) }
        switch key.keysym {
        case JapaneseKeys.zenkakuHankaku:
            var output = commitAll()
            japaneseInput.toggle()
            output.preedit = nil
            return output
        case JapaneseKeys.muhenkan where conversion == nil && composer.isEmpty:
            japaneseInput = false
            return .swallowed
        case JapaneseKeys.henkan where conversion == nil && composer.isEmpty:
            japaneseInput = true
            if reconvertSelection() { return snapshot(consumed: true) }
            return .swallowed
        default:
            break
        }
        if conversion != nil { return handleConverting(key) }
        guard japaneseInput else { return direct.handle(key) }
        return handleComposing(key)
    }

    // MARK: Composing

    private mutating func handleComposing(_ key: KeyEvent) -> EngineOutput {
        if composer.isEmpty {
            guard !key.isShortcut, let text = key.text, let character = text.first, text.count == 1,
                character.isASCII, character != " "
            else { return direct.handle(key) }
            type(character)
            return snapshot(consumed: true)
        }
        if key.isShortcut { return snapshot(consumed: false) }
        switch key.keysym {
        case Keysym.space, JapaneseKeys.henkan:
            startConversion()
            return snapshot(consumed: true)
        case Keysym.returnKey, Keysym.kpEnter:
            composer.flush()
            return commitAll()
        case Keysym.backSpace:
            composer.backspace()
            if !typed.isEmpty { typed.removeLast() }
            if composer.isEmpty { typed = "" }
            return snapshot(consumed: true)
        case Keysym.escape:
            resetComposition()
            return snapshot(consumed: true)
        case JapaneseKeys.muhenkan:
            startConversion(as: .katakana)
            return snapshot(consumed: true)
        default:
            break
        }
        if let form = JapaneseKeys.form(of: key.keysym) {
            startConversion(as: form)
            return snapshot(consumed: true)
        }
        if let text = key.text, let character = text.first, text.count == 1, character.isASCII {
            type(character)
            return snapshot(consumed: true)
        }
        // Cursor keys inside the kana and other keys: nothing to do while composing.
        return snapshot(consumed: true)
    }

    private mutating func type(_ character: Character) {
        composer.type(character)
        typed.append(character)
    }

    /// Converts the composed kana into segments (or shows it whole in `form`).
    private mutating func startConversion(as form: KanaForm? = nil) {
        composer.flush()
        let kana = composer.kana
        guard !kana.isEmpty else { return }
        var opened: JapaneseConversion
        if let form {
            opened = JapaneseConversion(segments: [JapaneseSegment(reading: kana, candidates: [Candidate(text: kana)])])
            opened.romaji = typed
            opened.render(focusedAs: form)
        } else {
            opened = JapaneseConversion(segments: converter.convertFirst(kana))
            opened.romaji = typed
        }
        conversion = opened
    }

    // MARK: Converting

    private mutating func handleConverting(_ key: KeyEvent) -> EngineOutput {
        guard var open = conversion else { return snapshot(consumed: false) }
        if key.isShortcut { return snapshot(consumed: false) }
        let shift = key.modifiers.contains(.shift)
        if open.list != nil, let picked = pick(key, in: &open) {
            conversion = open
            return picked
        }
        switch key.keysym {
        case Keysym.space, Keysym.down, Keysym.kpDown, JapaneseKeys.henkan:
            // The first press after converting steps on; from the second the window is open.
            open.completeFocus(using: converter)
            open.stepCandidate(by: 1)
            open.steps += 1
            if open.steps >= 2, open.list == nil { open.openList(pageSize: pageSize, labels: labels) }
        case Keysym.up, Keysym.kpUp:
            open.completeFocus(using: converter)
            open.stepCandidate(by: -1)
        case Keysym.left, Keysym.kpLeft:
            if shift { _ = open.resizeFocus(by: -1, converter: converter) } else { open.moveFocus(by: -1) }
        case Keysym.right, Keysym.kpRight:
            if shift { _ = open.resizeFocus(by: 1, converter: converter) } else { open.moveFocus(by: 1) }
        case Keysym.escape:
            if open.list != nil {
                open.list = nil
            } else if open.original != nil {
                // Reconversion: the marked text goes, the selection it replaced comes back.
                resetComposition()
                return snapshot(consumed: true)
            } else {
                backToKana(open)
                return snapshot(consumed: true)
            }
        case Keysym.backSpace:
            backToKana(open)
            return snapshot(consumed: true)
        case Keysym.returnKey, Keysym.kpEnter:
            conversion = open
            return commitAll()
        case JapaneseKeys.muhenkan:
            open.render(
                focusedAs: open.segments[open.focus].text == KanaForms.katakana(open.segments[open.focus].reading)
                    ? .hiragana : .katakana)
        case Keysym.pageDown, Keysym.kpPageDown, Keysym.pageUp, Keysym.kpPageUp:
            if var list = open.list {
                _ = list.handle(key)
                open.segments[open.focus].index = list.cursorIndex
                open.list = list
            }
        default:
            if let form = JapaneseKeys.form(of: key.keysym) {
                open.render(focusedAs: form)
            } else if let text = key.text, !text.isEmpty {
                // Typing goes on: commit the conversion, then compose with the key.
                conversion = open
                var output = commitAll()
                let next = handle(key)
                output.appendCommit(next.commit)
                output.preedit = next.preedit
                output.candidates = next.candidates
                output.consumed = true
                return output
            }
        }
        conversion = open
        return snapshot(consumed: true)
    }

    /// A label key picks from the open window: the focused segment takes it, the window closes
    /// and the focus moves on to the next segment. Nil when the key is not a label.
    private mutating func pick(_ key: KeyEvent, in open: inout JapaneseConversion) -> EngineOutput? {
        guard let list = open.list, let position = list.position(ofLabelKey: key.keysym) else { return nil }
        guard let candidate = list.select(indexOnPage: position) else { return snapshot(consumed: true) }
        open.segments[open.focus].choose(candidate.text)
        open.moveFocus(by: 1)
        conversion = open
        return snapshot(consumed: true)
    }

    /// Opens the selected text for conversion (see the type's documentation); false when
    /// nothing is selected.
    private mutating func reconvertSelection() -> Bool {
        let original = selectedText
        guard !original.isEmpty, !original.contains(where: \.isNewline) else { return false }
        let reading =
            converter.learning?.reading(of: original) ?? JapaneseReverseIndex.shared?.reading(of: original)
            ?? KanaForms.hiragana(original)
        var opened = JapaneseConversion(segments: converter.convertFirst(reading))
        guard !opened.segments.isEmpty else { return false }
        opened.original = original
        conversion = opened
        selectedText = ""
        return true
    }

    private mutating func backToKana(_ open: JapaneseConversion) {
        conversion = nil
        composer.replace(with: open.reading)
    }

    // MARK: Output

    /// Commits the conversion or the composed kana, learning every segment's choice.
    private mutating func commitAll() -> EngineOutput {
        var text: String
        if let conversion {
            text = conversion.text
            if let learning = converter.learning {
                for segment in conversion.segments where segment.text != segment.reading {
                    learning.record(segment.text, for: segment.reading)
                }
            }
        } else {
            composer.flush()
            text = composer.kana
        }
        resetComposition()
        return EngineOutput(consumed: true, commit: text.isEmpty ? nil : text)
    }

    private mutating func resetComposition() {
        conversion = nil
        composer.reset()
        typed = ""
    }

    private func snapshot(consumed: Bool) -> EngineOutput {
        EngineOutput(consumed: consumed, preedit: preedit, candidates: candidates)
    }

    // MARK: Lifecycle

    /// Reads the selection: `Henkan` reconverts it.
    public var needsSelectedText: Bool { true }

    /// Remembers the client's selection for reconversion.
    public mutating func setSelectedText(_ selectedText: String) { self.selectedText = selectedText }

    /// Drops the composition; nothing is committed.
    public mutating func reset() { resetComposition() }

    /// Commits what is shown (the conversion, or the kana) and resets.
    public mutating func focusOut() -> EngineOutput { commitAll() }
}
