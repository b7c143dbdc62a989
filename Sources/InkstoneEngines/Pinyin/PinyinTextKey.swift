/// A text hashed and compared by its UTF-8 bytes, to tell texts apart in a set: Swift's own
/// `String` hashing first normalises non-ASCII text (canonical equivalence), which made the
/// sets that keep each candidate text once a tenth of a key's work. The table's texts and
/// ICU's conversions of them are stored alike, so equal texts have equal bytes.
struct PinyinTextKey: Hashable {
    var text: String

    static func == (left: Self, right: Self) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
