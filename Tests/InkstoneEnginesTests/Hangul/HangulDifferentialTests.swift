import InkstoneEngines
import InkstoneTestSupport
import Testing

/// Our Dubeolsik composer against libhangul, key by key, as a real frontend drives it:
/// a key libhangul refuses (space) is committed after libhangul's commit string, and a
/// refused BackSpace is the application's delete. A failure prints its seed; replay it
/// with `INKSTONE_TEST_SEED=<seed>`.
@Suite struct HangulDifferentialTests {
    /// The keys sampled: every letter, the Shift letters that differ on Dubeolsik, space, BackSpace.
    static let alphabet: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzQWERTOP  ".utf8) + [8, 8]

    @Test func randomSequencesMatchLibhangul() throws {
        let seed = testSeed()
        var generator = SplitMix64(seed: seed)
        var failures = 0
        for _ in 0..<10_000 where failures < 5 {
            let length = Int.random(in: 1...24, using: &generator)
            let keys = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? 0x61 }
            if let mismatch = try Self.firstMismatch(keys) {
                failures += 1
                Issue.record("seed \(seed): keys \(Self.describe(keys)): \(mismatch)")
            }
        }
    }

    /// The 2-set, 3-set and romaja keyboards over every printable ASCII key.
    @Test(arguments: ["2", "32", "39", "3f", "3s", "ro"])
    func allKeyboardsOverAllASCIIKeysMatchLibhangul(_ keyboard: String) throws {
        let seed = testSeed()
        var generator = SplitMix64(seed: seed)
        let keys: [UInt8] = Array(0x20...0x7e) + [8, 8, 8, 8]
        var failures = 0
        for _ in 0..<2_000 where failures < 5 {
            let length = Int.random(in: 1...24, using: &generator)
            let sequence = (0..<length).map { _ in keys.randomElement(using: &generator) ?? 0x61 }
            if let mismatch = try Self.firstMismatch(sequence, keyboard: keyboard) {
                failures += 1
                Issue.record("keyboard \(keyboard) seed \(seed): keys \(Self.describe(sequence)): \(mismatch)")
            }
        }
    }

    @Test(arguments: [
        "gksrmf", "ekfrl", "akfr", "akfrh", "rkW", "rt", "rt\u{8}k", "dkssud gktpdy",
        "gks\u{8}\u{8}k", "qkfrdms", "dhkswjs", "RkRk", "rr", "tt", "dlTdj",
    ])
    func knownSequencesMatchLibhangul(_ keys: String) throws {
        let mismatch = try Self.firstMismatch(Array(keys.utf8))
        #expect(mismatch == nil, "keys \(keys)")
    }

    /// Romaja (`ro`): random lowercase spellings with spaces and BackSpace, checked after every key.
    @Test func romajaRandomSequencesMatchLibhangul() throws {
        let seed = testSeed()
        var generator = SplitMix64(seed: seed)
        let keys: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz  ".utf8) + [8, 8]
        var failures = 0
        for _ in 0..<2_000 where failures < 5 {
            let length = Int.random(in: 1...24, using: &generator)
            let sequence = (0..<length).map { _ in keys.randomElement(using: &generator) ?? 0x61 }
            if let mismatch = try Self.firstMismatch(sequence, keyboard: "ro") {
                failures += 1
                Issue.record("keyboard ro seed \(seed): keys \(Self.describe(sequence)): \(mismatch)")
            }
        }
    }

    /// Romaja spellings and the text libhangul makes of them (commits, then the flushed preedit):
    /// `ng` is a final ㅇ that a vowel does not take away, so 한국 needs a capital (`hanGug`).
    @Test(arguments: [
        ("hangug", "항욱"), ("hanGug", "한국"), ("seoul", "서울"), ("annyeonghaseyo", "안녕하세요"),
        ("kimchi", "킴치"), ("daehanMinGug", "대한민국"), ("kk", "크ㅋ"), ("gga", "까"), ("chi", "치"),
        ("saxa", "삭사"), ("axx", "앇ㅈ"), ("x", "ㅈ"), ("gapsa", "갚사"), ("kaggaa", "칵가아"),
        ("ang\u{8}a", "아나"), ("ka\u{8}\u{8}", ""), ("hangug eo", "항욱 어"),
        ("chhha", "차"), ("chh\u{8}\u{8}a", "차"), ("chh\u{8}\u{8}\u{8}a", "아"),
    ])
    func romajaSpellingsMatchLibhangul(_ keys: String, _ text: String) throws {
        let mismatch = try Self.firstMismatch(Array(keys.utf8), keyboard: "ro")
        #expect(mismatch == nil, "keys \(keys)")
        var engine = try HangulEngine(keyboardID: "ro")
        let typed = type(keys, into: &engine)
        #expect(typed.committed + (engine.focusOut().commit ?? "") == text, "keys \(keys)")
    }

    /// Runs both composers over `keys`; describes the first difference, or nil.
    static func firstMismatch(_ keys: [UInt8], keyboard: String = "2") throws -> String? {
        let oracle = try #require(LibHangulOracle(keyboard: keyboard))
        var engine = HangulEngine(keyboard: try keyboards[keyboard] ?? HangulKeyboard.load(id: keyboard), hanja: nil)
        for (position, key) in keys.enumerated() {
            let event = key == 8 ? KeyEvent(keysym: Keysym.backSpace) : KeyEvent(keysym: UInt32(key))
            let output = engine.handle(event)
            let expectedCommit: String
            let expectedAction: EditAction?
            if key == 8 {
                let consumed = oracle.backspace()
                expectedCommit = oracle.commit
                expectedAction = consumed ? nil : .deleteBackward
            } else {
                let consumed = oracle.process(key)
                expectedCommit = oracle.commit + (consumed ? "" : String(UnicodeScalar(key)))
                expectedAction = nil
            }
            let ours = (output.preedit?.text ?? "", output.commit ?? "", output.action)
            if ours != (oracle.preedit, expectedCommit, expectedAction) {
                return
                    "after key #\(position) ours (preedit \(ours.0), commit \(ours.1), action \(String(describing: ours.2)))"
                    + " libhangul (preedit \(oracle.preedit), commit \(expectedCommit), action \(String(describing: expectedAction)))"
            }
        }
        let flushed = engine.focusOut().commit ?? ""
        let expected = oracle.flush()
        return flushed == expected ? nil : "flush: ours \(flushed), libhangul \(expected)"
    }

    /// The keyboards under test, loaded once.
    static let keyboards: [String: HangulKeyboard] = {
        var loaded: [String: HangulKeyboard] = [:]
        for id in ["2", "32", "39", "3f", "3s", "ro"] { loaded[id] = try? HangulKeyboard.load(id: id) }
        return loaded
    }()

    static func describe(_ keys: [UInt8]) -> String {
        keys.map { $0 == 8 ? "<BS>" : $0 == 32 ? "<sp>" : String(UnicodeScalar($0)) }.joined()
    }
}
