import InkstoneEngines
import InkstoneText
import Testing

@Suite struct EngineRegistryTests {
    @Test func listsTheEnginesWithComposeAsDefault() throws {
        #expect(Set(EngineRegistry.entries.map(\.id)) == ["direct", "compose", "hangul", "unicode"])
        #expect(EngineRegistry.defaultEngineID == "compose")
        for entry in EngineRegistry.entries {
            #expect(try EngineRegistry.makeEngine(id: entry.id).id == entry.id)
            #expect(!entry.description.isEmpty)
        }
    }

    @Test func unknownEngineIsReadable() {
        do {
            _ = try EngineRegistry.makeEngine(id: "klingon")
            Issue.record("klingon resolved")
        } catch {
            #expect(error.code == .unknownObject)
            #expect(error.message.contains("klingon"))
        }
    }
}
