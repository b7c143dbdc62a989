/// Unicode's `emoji-test.txt` (Debian `unicode-data`): every recommended (RGI) emoji
/// sequence, fully qualified (with U+FE0F where it belongs), in the order emoji pickers
/// show them, with its English name.
///
/// Lines read: `1F44D ; fully-qualified # 👍 E0.6 thumbs up` (and `component` lines
/// for skin tones and hair styles); other statuses and comments are skipped.
struct EmojiOrderFile {
    /// One sequence: its fully-qualified text and English name.
    struct Sequence {
        /// The text to commit, U+FE0F included.
        var text: String
        /// The English name from the comment (`thumbs up`).
        var name: String
    }

    /// The sequences in file order.
    private(set) var sequences: [Sequence] = []
    /// The position in ``sequences`` of each sequence, by its text without U+FE0F (how
    /// CLDR writes `cp`).
    private(set) var positionByBareText: [String: Int] = [:]

    /// The Debian path of the file.
    static let defaultPath = EmojiIndex.defaultOrderPath

    /// Reads the file at `path`; nil when it cannot be read.
    init?(path: String) {
        guard let bytes = DataFile.bytes(at: path) else { return nil }
        self.init(bytes: bytes)
    }

    /// Parses the file's bytes (UTF-8); comment lines are skipped undecoded.
    init(bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            guard let semicolon = line.firstIndex(of: UInt8(ascii: ";")),
                let hash = line[semicolon...].firstIndex(of: UInt8(ascii: "#"))
            else { continue }
            let status = String(decoding: line[(semicolon + 1)..<hash], as: UTF8.self)
            guard status.hasPrefix(" fully-qualified") || status.hasPrefix(" component") else { continue }
            var scalars = String.UnicodeScalarView()
            for hex in line[..<semicolon].split(separator: UInt8(ascii: " ")) {
                guard let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), value != 0,
                    let scalar = Unicode.Scalar(value)
                else {
                    scalars = String.UnicodeScalarView()
                    break
                }
                scalars.append(scalar)
            }
            guard !scalars.isEmpty else { continue }
            let text = String(scalars)
            // The comment is `<emoji> E<version> <name>`.
            let comment = line[(hash + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 2)
            let name = comment.count == 3 ? String(decoding: comment[2], as: UTF8.self) : ""
            let bare = Self.bare(text)
            guard positionByBareText[bare] == nil else { continue }
            positionByBareText[bare] = sequences.count
            sequences.append(Sequence(text: text, name: name))
        }
    }

    /// `text` without U+FE0F (VARIATION SELECTOR-16), as CLDR writes it.
    static func bare(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{FE0F}") else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }
}
