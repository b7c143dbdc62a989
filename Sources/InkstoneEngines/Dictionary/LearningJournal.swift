/// The append-only journal of a learning store (`<file>.journal`): one line per
/// change since the file was last rewritten, each made durable before the
/// change is acknowledged. A line is `CHECKSUM OP reading /text/`: the FNV-1a
/// of `OP reading /text/` in 16 hex digits, then `+` (learnt) or `-` (forgotten).
/// Replaying a journal twice gives the same entries, so a crash between
/// rewriting the file and emptying the journal loses and duplicates nothing.
enum LearningJournal {
    /// One change.
    enum Change: Equatable {
        case learn(reading: String, text: String)
        case forget(reading: String, text: String)
    }

    /// The journal line of `change`, newline included.
    static func line(_ change: Change) -> String {
        let body: String
        switch change {
        case .learn(let reading, let text): body = "+ " + UserDictionaryFormat.line(reading, [text])
        case .forget(let reading, let text): body = "- " + UserDictionaryFormat.line(reading, [text])
        }
        return Checksum.hex(Checksum.fnv1a(body.utf8)) + " " + body + "\n"
    }

    /// The changes of a journal's bytes, in order, and how many lines were
    /// damaged (a torn last write, flipped bits) and skipped.
    static func changes(_ bytes: [UInt8]) -> (changes: [Change], damaged: Int) {
        var changes: [Change] = []
        var damaged = 0
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let complete = index < lines.count - 1
            if !complete && raw.isEmpty { continue }
            guard complete, let change = change(raw) else {
                damaged += 1
                continue
            }
            changes.append(change)
        }
        return (changes, damaged)
    }

    /// The change of one line, or nil when its checksum or form is wrong.
    private static func change(_ raw: ArraySlice<UInt8>) -> Change? {
        let start = raw.startIndex
        guard raw.count > 19, raw[start + 16] == UInt8(ascii: " "), raw[start + 18] == UInt8(ascii: " "),
            let sum = UInt64(String(decoding: raw[start..<start + 16], as: UTF8.self), radix: 16),
            Checksum.fnv1a(raw[(start + 17)...]) == sum,
            let text = String(validating: raw[(start + 19)...], as: UTF8.self),
            let entry = UserDictionaryFormat.parseLine(Substring(text).unicodeScalars), entry.texts.count == 1,
            UserDictionaryFormat.problem(reading: entry.reading, text: entry.texts[0]) == nil
        else { return nil }
        switch raw[start + 17] {
        case UInt8(ascii: "+"): return .learn(reading: entry.reading, text: entry.texts[0])
        case UInt8(ascii: "-"): return .forget(reading: entry.reading, text: entry.texts[0])
        default: return nil
        }
    }
}
