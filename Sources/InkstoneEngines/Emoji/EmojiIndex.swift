import Glibc

/// The emoji and symbols of CLDR's annotations for a chain of locales, searchable by
/// name and keyword (see ``search(_:learning:)``).
///
/// The index is a ``ReadingTable`` whose readings are search keys (``Field`` plus a
/// compact form, see ``EmojiSearchKey``) and whose entries are the graphemes to commit,
/// annotated with their name in the most specific locale and weighted by their place
/// in `emoji-test.txt` (earlier is heavier). Skin tones, flags, keycaps and ZWJ
/// sequences come from `annotationsDerived/`; emoji that CLDR does not name yet take
/// their English name from `emoji-test.txt`.
public final class EmojiIndex: Sendable {
    /// Where Debian's `unicode-cldr-core` installs CLDR's `common` folder.
    public static let defaultDirectory = "/usr/share/unicode/cldr/common"
    /// Where Debian's `unicode-data` installs `emoji-test.txt` (the order of emoji).
    public static let defaultOrderPath = "/usr/share/unicode/emoji/emoji-test.txt"

    /// The kinds of search key, as the prefix of a reading.
    enum Field: String {
        /// A short name, whole (`n thumbsup`).
        case name = "n "
        /// A keyword, whole (`k +1`).
        case keyword = "k "
        /// One word of a name or keyword (`w thumbs`, `w up`).
        case word = "w "
    }

    /// The locales that have an annotation file, most specific first.
    public let locales: [String]
    /// The search keys and their graphemes.
    let table: any ReadingTable
    /// Where the table came from: the compiled cache, or parsed from the files.
    public let origin: ReadingTableCache.Origin

    /// The version of ``rows(locales:directory:orderPath:)``'s output; bump it when
    /// the search keys or entries change, so cached tables are rebuilt.
    static let formatVersion: UInt32 = 1

    /// The index for the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) and English,
    /// from the Debian paths, built on first use.
    public static let shared = EmojiIndex(locales: EmojiLocales.chain(for: EmojiLocales.processLocale()))

    /// The index of `locales` (most specific first; each read when its file exists)
    /// from the CLDR folder `directory`, in the order of `orderPath`.
    ///
    /// The table is compiled once into ``ReadingTableCache`` (in `cacheDirectory`,
    /// else the default cache folder) as `emoji.<locales>.table`, stamped with every
    /// file it was read from (each locale's annotations and derived annotations, and
    /// `orderPath`): a change to any of them rebuilds it.
    public init(
        locales: [String], directory: String = defaultDirectory,
        orderPath: String = defaultOrderPath, cacheDirectory: String? = nil
    ) {
        let found = locales.filter { locale in
            Self.annotationPaths(locale: locale, directory: directory).contains { access($0, R_OK) == 0 }
        }
        let sources =
            found.flatMap { Self.annotationPaths(locale: $0, directory: directory) }.filter { access($0, R_OK) == 0 }
            + (access(orderPath, R_OK) == 0 ? [orderPath] : [])
        let loaded = ReadingTableCache.open(
            name: "emoji." + found.joined(separator: "."), sources: sources, formatVersion: Self.formatVersion,
            directory: cacheDirectory
        ) { Self.rows(locales: found, directory: directory, orderPath: orderPath).rows }
        self.locales = found
        table = loaded.table
        origin = loaded.origin
    }

    /// The annotation files of `locale` under `directory`: base names, then derived ones.
    static func annotationPaths(locale: String, directory: String) -> [String] {
        ["annotations", "annotationsDerived"].map { "\(directory)/\($0)/\(locale).xml" }
    }

    /// Why the index cannot be built from `directory` (with the package to install), or nil.
    public static func unavailableReason(directory: String = defaultDirectory) -> String? {
        let path = "\(directory)/annotations/en.xml"
        return access(path, R_OK) == 0 ? nil : "\(path) is missing (install the Debian package unicode-cldr-core)"
    }

    /// How many distinct search keys the index holds.
    public var keyCount: Int { table.readingCount }

    /// The rows of the index: every search key of every grapheme in the annotation files
    /// of `locales` under `directory` (base and derived), ordered by `orderPath`; and
    /// the locales that had a file.
    static func rows(locales: [String], directory: String, orderPath: String)
        -> (rows: [(reading: String, entry: DictionaryEntry)], locales: [String])
    {
        let order = EmojiOrderFile(path: orderPath)
        var graphemes: [String: GraphemeKeys] = [:]  // by bare text (without U+FE0F)
        var found: [String] = []
        var unordered = 0
        for locale in locales {
            var read = false
            for path in annotationPaths(locale: locale, directory: directory) {
                guard let file = EmojiAnnotationFile(path: path) else { continue }
                read = true
                for cp in file.order {
                    guard let annotation = file.annotations[cp] else { continue }
                    if graphemes[cp] == nil {
                        let position = order?.positionByBareText[cp]
                        let text = position.flatMap { order?.sequences[$0].text } ?? cp
                        unordered += 1
                        graphemes[cp] = GraphemeKeys(text: text, position: position ?? (1 << 20) + unordered)
                    }
                    graphemes[cp]?.add(annotation)
                }
            }
            if read { found.append(locale) }
        }
        for (position, sequence) in (order?.sequences ?? []).enumerated()
        where graphemes[EmojiOrderFile.bare(sequence.text)] == nil && !sequence.name.isEmpty {
            var keys = GraphemeKeys(text: sequence.text, position: position)
            keys.add(EmojiAnnotationFile.Annotation(name: sequence.name))
            graphemes[EmojiOrderFile.bare(sequence.text)] = keys
        }
        var rows: [(reading: String, entry: DictionaryEntry)] = []
        for keys in graphemes.values where keys.text.count == 1 {
            let entry = DictionaryEntry(text: keys.text, annotation: keys.name, weight: -Double(keys.position))
            for reading in keys.readings { rows.append((reading, entry)) }
        }
        return (rows, found)
    }

    /// What the files say about one grapheme, gathered over locales.
    struct GraphemeKeys {
        /// The text to commit.
        let text: String
        /// Its place in `emoji-test.txt` (after every listed one when not listed).
        let position: Int
        /// The name in the most specific locale that names it.
        private(set) var name: String?
        /// Its search keys.
        private(set) var readings: Set<String> = []

        init(text: String, position: Int) {
            self.text = text
            self.position = position
        }

        /// Adds the name, keywords and words of one file's annotation.
        mutating func add(_ annotation: EmojiAnnotationFile.Annotation) {
            if let found = annotation.name {
                if name == nil { name = found }
                add(found, as: .name)
            }
            for keyword in annotation.keywords { add(keyword, as: .keyword) }
        }

        private mutating func add(_ text: String, as field: Field) {
            let words = EmojiSearchKey.words(text)
            guard !words.isEmpty else { return }
            readings.insert(field.rawValue + words.joined())
            for word in words { readings.insert(Field.word.rawValue + word) }
        }
    }
}

extension EmojiLocales {
    /// The locale of this process's environment (see ``environmentLocale(_:)``).
    public static func processLocale() -> String? {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environmentLocale(environment)
    }
}

extension EmojiIndex {
    /// Every name the index holds, in compact form (`thumbsup`), sorted: queries that
    /// must find their grapheme first (for benchmarks and checks).
    public func compactNames() -> [String] {
        table.readings(withPrefix: Field.name.rawValue, limit: Int.max).map {
            String($0.dropFirst(Field.name.rawValue.count))
        }
    }
}
