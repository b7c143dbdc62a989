import InkstoneCore

/// `hangul`: Korean input on a libhangul keyboard (Dubeolsik, id `2`, by default), with
/// Hanja conversion.
///
/// Keys are read by US position: the keysym of a printable ASCII key is its ASCII code,
/// with Caps Lock undone for letters (Caps Lock must not act as Shift). Exact outputs:
///
/// - A jamo key updates the preedit; a finished syllable is committed (`gksrmf`: commits
///   `한`, preedit `글`).
/// - Any other key first commits the preedit, then acts as in ``DirectEngine``: space
///   after `gksrmf` commits `"글 "` in one output, Return commits `"글\n"`, Left commits
///   `"글"` and moves the caret; Ctrl/Alt shortcuts commit the preedit and stay unhandled.
/// - BackSpace removes one jamo (한 → 하 → ㅎ → nothing); with no preedit it is `direct`'s
///   ``EditAction/deleteBackward``.
/// - `Hangul_Hanja` or F9 opens Hanja candidates for the preedit syllable, or, with no
///   preedit, for the longest run of Hangul syllables before the caret that the dictionary
///   knows (from ``setSurroundingText(_:)``). Picking commits the Hanja in place of the
///   syllable (for text before the caret, with a ``SurroundingDeletion`` of its UTF-16
///   length). With no candidates the key is unhandled and the preedit stays.
/// - Focus out and engine switch commit the preedit.
public struct HangulEngine: CompositionEngine {
    private var composer: HangulComposer {
        // Built once per change of the composer, not on every key that leaves it (releases).
        didSet { preedit = Preedit.underlined(HangulJamo.string(composer.preedit)) }
    }
    private let hanja: HanjaTable?
    private var textBeforeCursor = ""
    private var hanjaConversion: HanjaConversion?
    /// Candidates per page for Hanja.
    public var candidatePageSize: Int
    private let direct = DirectEngine()
    /// The id clients see (`hangul`, or `hangul:<keyboard>` when named so).
    public let id: String
    /// Keys that open Hanja candidates.
    private let hanjaKeys: [KeyTrigger]
    /// Selection labels of the candidate list.
    private let candidateLabels: String

    /// An open Hanja list and what picking from it replaces.
    private struct HanjaConversion: Sendable {
        var list: CandidateList
        /// UTF-16 length of the text before the caret being converted (0 when converting the preedit).
        var surroundingLength: Int
    }

    /// The Dubeolsik keyboard from the system data, loaded once.
    static let dubeolsik: HangulKeyboard? = try? HangulKeyboard.load(id: "2")

    /// Creates an engine on Dubeolsik with the shared Hanja table.
    /// If the keyboard data is missing, every key behaves as in `direct`.
    public init(candidatePageSize: Int = 9) {
        self.init(
            keyboard: Self.dubeolsik ?? HangulKeyboard.empty, hanja: .shared, candidatePageSize: candidatePageSize)
    }

    /// Creates an engine on a libhangul keyboard by id (`2`, `32`, `39`, `3f`, `3s`, `ahn`, `ro`, …)
    /// from the system data, with the shared Hanja table.
    /// - Throws: `InvalidArgument` if the keyboard cannot be loaded.
    public init(keyboardID: String, candidatePageSize: Int = 9) throws(InkstoneError) {
        let keyboard: HangulKeyboard
        if keyboardID == "2", let dubeolsik = Self.dubeolsik {
            keyboard = dubeolsik
        } else {
            keyboard = try HangulKeyboard.load(id: keyboardID)
        }
        self.init(keyboard: keyboard, hanja: .shared, candidatePageSize: candidatePageSize)
    }

    /// Creates an engine on a given keyboard and Hanja table (nil: no Hanja).
    /// `id` is what clients see; `hanjaKeys` open Hanja candidates (default `Hangul_Hanja`, `F9`).
    public init(
        keyboard: HangulKeyboard, hanja: HanjaTable?, candidatePageSize: Int = 9, id: String = "hangul",
        hanjaKeys: [KeyTrigger] = EngineSettings.stock.hanjaKeys, candidateLabels: String = CandidateList.digitLabels
    ) {
        self.candidateLabels = candidateLabels
        composer = HangulComposer(keyboard: keyboard)
        self.hanja = hanja
        self.candidatePageSize = candidatePageSize
        self.id = id
        self.hanjaKeys = hanjaKeys
    }

    /// The syllable being composed, or nil.
    public private(set) var preedit: Preedit?

    /// The open Hanja candidate list, if any.
    public var candidates: CandidateList? { hanjaConversion?.list }

    /// While nothing is composed (with a preedit, Hanja converts the preedit and the text
    /// before the caret is not looked at), and only with a Hanja table.
    public var needsSurroundingText: Bool { hanja != nil && composer.isEmpty }

    /// Remembers the text before the caret (for Hanja conversion without a preedit).
    public mutating func setSurroundingText(_ textBeforeCursor: String) {
        self.textBeforeCursor = textBeforeCursor
    }

    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else { return unchanged(consumed: false) }
        if hanjaConversion != nil, let output = handleCandidateKey(key) { return output }
        if hanjaKeys.matches(key) {
            if let output = openHanja() { return output }
            var nothingToConvert = unchanged(consumed: false)
            nothingToConvert.notice = "no Hanja for the text at the caret"
            return nothingToConvert
        }
        if key.keysym == Keysym.backSpace, !key.isShortcut, !composer.isEmpty {
            _ = composer.backspace()
            return snapshot(consumed: true)
        }
        let declined: EngineOutput
        if let ascii = Self.asciiKey(key) {
            if composer.process(ascii: ascii) { return snapshot(consumed: true) }
            declined = snapshot(consumed: true)  // the composer already moved its syllable to commit
        } else {
            declined = flushed()
        }
        return declined.followed(by: direct.handle(key))
    }

    /// The ASCII code libhangul would get for this key, or nil for non-ASCII keys and shortcuts.
    static func asciiKey(_ key: KeyEvent) -> UInt32? {
        guard !key.isShortcut, (0x20...0x7e).contains(key.keysym) else { return nil }
        var ascii = key.keysym
        if key.modifiers.contains(.lock) {
            if (0x41...0x5a).contains(ascii) { ascii += 0x20 } else if (0x61...0x7a).contains(ascii) { ascii -= 0x20 }
        }
        return ascii
    }

    /// Output with the current preedit and candidates and nothing to commit.
    private func unchanged(consumed: Bool) -> EngineOutput {
        EngineOutput(consumed: consumed, preedit: preedit, candidates: candidates)
    }

    /// Output carrying the commit of the composer call just made, and the current state.
    private func snapshot(consumed: Bool) -> EngineOutput {
        let commit = composer.commit.isEmpty ? nil : HangulJamo.string(composer.commit)
        return EngineOutput(consumed: consumed, preedit: preedit, commit: commit, candidates: candidates)
    }

    /// Commits the preedit (output with no key handling yet).
    private mutating func flushed() -> EngineOutput {
        let text = HangulJamo.string(composer.flush())
        return EngineOutput(consumed: true, commit: text.isEmpty ? nil : text)
    }

    // MARK: Hanja

    /// Opens Hanja candidates for the preedit or the text before the caret; nil if none.
    private mutating func openHanja() -> EngineOutput? {
        guard let hanja else { return nil }
        let items: [Candidate]
        var surroundingLength = 0
        if !composer.isEmpty {
            items = hanja.exactMatches(HangulJamo.string(composer.preedit))
        } else {
            guard let (word, found) = Self.lookBehind(textBeforeCursor, in: hanja) else { return nil }
            items = found
            surroundingLength = word.utf16.count
        }
        guard !items.isEmpty else { return nil }
        hanjaConversion = HanjaConversion(
            list: CandidateList(items: items, pageSize: candidatePageSize, labels: candidateLabels),
            surroundingLength: surroundingLength)
        return unchanged(consumed: true)
    }

    /// The longest run of Hangul syllables ending at the caret (at most 8) with dictionary entries.
    static func lookBehind(_ text: String, in hanja: HanjaTable) -> (String, [Candidate])? {
        let syllables = text.unicodeScalars.reversed().prefix { (0xac00...0xd7a3).contains($0.value) }.prefix(8)
        var run = String(String.UnicodeScalarView(syllables.reversed()))
        while !run.isEmpty {
            let found = hanja.exactMatches(run)
            if !found.isEmpty { return (run, found) }
            run.unicodeScalars.removeFirst()
        }
        return nil
    }

    /// A key while the Hanja list is open; nil when the list does not use it (the list
    /// closes and the key is handled normally).
    private mutating func handleCandidateKey(_ key: KeyEvent) -> EngineOutput? {
        guard var conversion = hanjaConversion else { return nil }
        let result = conversion.list.handle(key)
        switch result {
        case .picked(let candidate):
            hanjaConversion = nil
            var output = EngineOutput(consumed: true, commit: candidate.text)
            if conversion.surroundingLength > 0 {
                output.deleteSurrounding = SurroundingDeletion(before: conversion.surroundingLength, after: 0)
            } else {
                composer.reset()
            }
            return output
        case .navigated:
            hanjaConversion = conversion
            return unchanged(consumed: true)
        case .closed:
            hanjaConversion = nil
            return unchanged(consumed: true)
        case .notForList:
            hanjaConversion = nil
            return nil
        }
    }

    // MARK: Lifecycle

    /// Drops the preedit and any candidate list.
    public mutating func reset() {
        composer.reset()
        hanjaConversion = nil
    }

    /// Commits the preedit and resets.
    public mutating func focusOut() -> EngineOutput {
        hanjaConversion = nil
        return flushed()
    }
}

extension HangulKeyboard {
    /// A keyboard that maps nothing (used when the system data is missing).
    static let empty = HangulKeyboard(id: "none", name: "None", kind: .jamo, keyTable: [], combinations: [:])
}
