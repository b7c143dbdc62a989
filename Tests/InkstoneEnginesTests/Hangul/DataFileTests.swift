import Glibc
import InkstoneEngines
import Testing

/// Keyboard XML and Hanja files written to a temporary directory.
@Suite struct DataFileTests {
    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/inkstone-engines-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) } != nil
        }
        try #require(created)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws {
        let file = try #require(fopen(path, "wb"))
        defer { fclose(file) }
        #expect(fputs(text, file) >= 0)
    }

    @Test func keyboardWithCommentsQuotesAndInclude() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a test keyboard: <item key="0x61" value="0x1100"/> inside a comment is ignored -->
            <hangul-keyboard id='t' type="jamo">
                <name xml:lang="ko">시험</name>
                <name>Test &amp; Check</name>
                <map id="0">
                    <item key="0x61" value="0x1112"/>  <!-- a → ᄒ -->
                    <item key='0x62' value='0x1161'/>
                    <item key="0x63" value="0x1102"/>
                    <item key="0x64" value="0x1169"/>
                </map>
                <include file="combination.xml"/>
            </hangul-keyboard>
            """, to: "\(directory)/hangul-keyboard-t.xml")
        try Self.write(
            """
            <combination id="0">
                <item first="0x1169" second="0x1161" result="0x116a"/>
            </combination>
            """, to: "\(directory)/combination.xml")
        let keyboard = try HangulKeyboard.load(id: "t", directory: directory)
        #expect(keyboard.name == "Test & Check")
        #expect(keyboard.kind == .jamo)
        var engine = HangulEngine(keyboard: keyboard, hanja: nil)
        #expect(type("abc", into: &engine).preeditText == "한")
        #expect(type(" adb", into: &engine).preeditText == "화")
    }

    @Test func unsortedHanjaFileIsIndexed() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("# comment\n하:夏:여름 하\n가:家:집 가\n가:歌:\n가나:假那:\n", to: "\(directory)/hanja.txt")
        let table = HanjaTable(path: "\(directory)/hanja.txt")
        #expect(table.count == 4)
        #expect(Set(table.exactMatches("가").map(\.text)) == ["家", "歌"])
        #expect(table.exactMatches("가").first { $0.text == "家" }?.annotation == "집 가")
        #expect(table.exactMatches("가").first { $0.text == "歌" }?.annotation == nil)
        #expect(table.prefixMatches("가").count == 3)
        #expect(table.exactMatches("하").map(\.text) == ["夏"])
        #expect(HanjaTable(path: "\(directory)/missing.txt").count == 0)
    }
}
