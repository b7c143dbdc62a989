import Glibc
import InkstoneEngines
import InkstoneTestSupport
import Testing

/// The emoji index is compiled once into the table cache and mapped afterwards; a
/// change to any file it was read from (a locale's annotations, its derived
/// annotations, `emoji-test.txt`) rebuilds it.
@Suite struct EmojiIndexCacheTests {
    /// A copy of the English and German CLDR annotation files and of `emoji-test.txt`
    /// in a fresh folder, with an empty cache folder beside them.
    struct Sources {
        let directory: String
        let orderPath: String
        let cache: String

        init() throws {
            let root = try makeTemporaryDirectory(prefix: "inkstone-emoji-cache")
            directory = root + "/common"
            orderPath = root + "/emoji-test.txt"
            cache = root + "/cache"
            #expect(mkdir(directory, 0o700) == 0)
            for folder in ["annotations", "annotationsDerived"] {
                #expect(mkdir("\(directory)/\(folder)", 0o700) == 0)
                for locale in ["de", "en"] {
                    try Self.copy(
                        "\(EmojiIndex.defaultDirectory)/\(folder)/\(locale).xml",
                        to: "\(directory)/\(folder)/\(locale).xml")
                }
            }
            try Self.copy(EmojiIndex.defaultOrderPath, to: orderPath)
        }

        static func copy(_ source: String, to target: String) throws {
            let result = try run(["cp", source, target])
            #expect(result.termination == .exited(0), "cp \(source) \(target): \(result.stderr)")
        }

        func index(_ locales: [String] = ["de", "en"]) -> EmojiIndex {
            EmojiIndex(locales: locales, directory: directory, orderPath: orderPath, cacheDirectory: cache)
        }
    }

    /// Appends a newline to `path` (a change of size and modification time that the parsers ignore).
    static func touchContents(_ path: String) {
        guard let file = fopen(path, "a") else {
            Issue.record("cannot open \(path)")
            return
        }
        fputs("\n", file)
        fclose(file)
    }

    /// Sets the modification time of `path` to `seconds` (the size stays).
    static func setModificationTime(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func theSecondLoadMapsTheCompiledTableAndAnswersTheSame() throws {
        let sources = try Sources()
        let built = sources.index()
        #expect(built.origin == .built(.missing))
        let cached = sources.index()
        #expect(cached.origin == .cached)
        #expect(cached.locales == ["de", "en"])
        #expect(cached.keyCount == built.keyCount)
        #expect(cached.compactNames() == built.compactNames())
        for query in ["herz", "daumen hoch", "thumbs up", "grinning", "flag", "family", "cœur", "zzzz"] {
            #expect(cached.search(query) == built.search(query), "\(query)")
        }
        #expect(cached.search("thumbs up").first?.annotation == "Daumen hoch")
        let english = sources.index(["en"])
        #expect(english.origin == .built(.missing), "another locale chain is another table")
        #expect(english.search("thumbs up").first?.annotation == "thumbs up")
    }

    @Test func aChangeToAnySourceFileRebuilds() throws {
        let sources = try Sources()
        #expect(sources.index().origin == .built(.missing))
        let files = [
            "\(sources.directory)/annotations/de.xml", "\(sources.directory)/annotations/en.xml",
            "\(sources.directory)/annotationsDerived/de.xml", "\(sources.directory)/annotationsDerived/en.xml",
            sources.orderPath,
        ]
        for file in files {
            Self.touchContents(file)
            #expect(sources.index().origin == .built(.stale), "appended to \(file)")
            #expect(sources.index().origin == .cached, "after rebuilding for \(file)")
        }
        // An older modification time, same size: neither the total size nor the newest time changes.
        for (number, file) in files.enumerated() {
            Self.setModificationTime(file, seconds: 1_000_000 + number)
            #expect(sources.index().origin == .built(.stale), "older time of \(file)")
            #expect(sources.index().origin == .cached)
        }
    }

    @Test func aFileThatAppearsOrDisappearsRebuilds() throws {
        let sources = try Sources()
        #expect(sources.index().origin == .built(.missing))
        let derived = "\(sources.directory)/annotationsDerived/de.xml"
        #expect(rename(derived, derived + ".away") == 0)
        let without = sources.index()
        #expect(without.origin == .built(.stale))
        #expect(without.locales == ["de", "en"], "German still has its base annotations")
        #expect(rename(derived + ".away", derived) == 0)
        #expect(sources.index().origin == .built(.stale))
        #expect(unlink(sources.orderPath) == 0)
        #expect(sources.index().origin == .built(.stale))
        #expect(sources.index().origin == .cached)
    }

    @Test func aStampOfSeveralFilesCoversEachOfThem() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-stamp")
        let paths = [folder + "/a", folder + "/b"]
        try writeFile(paths[0], "one")
        try writeFile(paths[1], "two")
        Self.setModificationTime(paths[0], seconds: 2_000_000)
        Self.setModificationTime(paths[1], seconds: 2_000_000)
        let before = try #require(SourceStamp(paths: paths, formatVersion: 1))
        #expect(before.size == 6)
        #expect(SourceStamp(paths: paths, formatVersion: 1) == before)
        #expect(SourceStamp(paths: paths.reversed(), formatVersion: 1) != before, "the order of files counts")
        #expect(SourceStamp(paths: [paths[0]], formatVersion: 1) != before)
        #expect(SourceStamp(paths: paths, formatVersion: 2) != before)
        #expect(SourceStamp(paths: paths + [folder + "/missing"], formatVersion: 1) == nil)
        #expect(SourceStamp(paths: [], formatVersion: 1) == nil)
        try writeFile(paths[0], "six")
        Self.setModificationTime(paths[0], seconds: 2_000_000)
        #expect(SourceStamp(paths: paths, formatVersion: 1) == before, "same size and time: the same stamp")
        Self.setModificationTime(paths[1], seconds: 1_000_000)
        let older = try #require(SourceStamp(paths: paths, formatVersion: 1))
        #expect(older != before, "an older time of one file, while the newest stays, changes the stamp")
        #expect(older.modificationSeconds == before.modificationSeconds)
        #expect(older.size == before.size)
    }
}
