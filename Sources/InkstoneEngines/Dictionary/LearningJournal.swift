import InkstoneCore

/// The append-only journal of a learning store (`<file>.journal`): one line per
/// change since the file was last rewritten, each made durable before the
/// change is acknowledged. Lines are framed by ``ChecksummedLines``
/// (`CHECKSUM OP reading /text/`, the checksum over `OP reading /text/`), OP
/// `+` (learnt) or `-` (forgotten).
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
        return String(decoding: ChecksummedLines.frame(body.utf8), as: UTF8.self)
    }

    /// The changes of a journal's bytes, in order, and how many lines were
    /// damaged (a torn last write, flipped bits) and skipped.
    static func changes(_ bytes: [UInt8]) -> (changes: [Change], damaged: Int) {
        var changes: [Change] = []
        var damaged = 0
        for (line, _) in ChecksummedLines.lines(bytes) {
            guard case .intact(let body) = line, let change = change(body) else {
                damaged += 1
                continue
            }
            changes.append(change)
        }
        return (changes, damaged)
    }

    /// The change of one line's body, or nil when its form is wrong.
    private static func change(_ body: ArraySlice<UInt8>) -> Change? {
        let start = body.startIndex
        guard body.count > 2, body[start + 1] == UInt8(ascii: " "),
            let text = String(validating: body[(start + 2)...], as: UTF8.self),
            let entry = UserDictionaryFormat.parseLine(Substring(text).unicodeScalars), entry.texts.count == 1,
            UserDictionaryFormat.problem(reading: entry.reading, text: entry.texts[0]) == nil
        else { return nil }
        switch body[start] {
        case UInt8(ascii: "+"): return .learn(reading: entry.reading, text: entry.texts[0])
        case UInt8(ascii: "-"): return .forget(reading: entry.reading, text: entry.texts[0])
        default: return nil
        }
    }
}
