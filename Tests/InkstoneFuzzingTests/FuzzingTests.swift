import InkstoneDBus
import InkstoneFuzzing
import InkstoneTestSupport
import Testing

@Suite struct FuzzingTests {
    /// Every seed and every saved reproducer runs clean in a plain build: a
    /// fixed defect stays fixed.
    @Test(arguments: FuzzTarget.allCases)
    func corpusAndRegressionsReplayClean(target: FuzzTarget) throws {
        let root = repositoryRoot()
        let files =
            fuzzInputFiles(at: "\(root)/fuzz/corpus/\(target.rawValue)")
            + fuzzInputFiles(at: "\(root)/fuzz/regressions/\(target.rawValue)")
        #expect(!files.isEmpty, "no seed for \(target)")
        for file in files {
            let bytes = try #require(readFuzzInput(file))
            #expect(throws: Never.self, "\(file)") { try target.run(bytes) }
        }
    }

    @Test func contractMethodsAreEveryMethodOfTheXML() {
        let xml = InkstoneIntrospection.inputContext
        let methods = ContractMethod.parse(xml)
        #expect(methods.count == xml.split(separator: "<method ").count - 1)
        let byName = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["SetMarkedText"]?.signature == "sxxxx")
        #expect(byName["SetMarkedText"]?.interface == InputContextObject.interface)
        #expect(
            byName["ProcessKeyEvent"]?.arguments.map(\.name) == ["keysym", "keycode", "state", "is_release", "time"])
        #expect(byName["SetLineFragments"]?.signature == "a(xxddddad)")
        #expect(byName["GetText"]?.signature == "")
        #expect(byName["Set"]?.interface == "org.freedesktop.DBus.Properties")
        #expect(ContractMethod.propertyNames(xml).contains("SelectedRange"))
    }

    @Test func readerSignaturesIncludeEveryInSignature() {
        let signatures = Set(MessageReaderFuzzer.signatures)
        for xml in [InkstoneIntrospection.xml, InkstoneIntrospection.inputContext, InkstoneIntrospection.document] {
            for method in ContractMethod.parse(xml) {
                #expect(signatures.contains(method.signature), "\(method)")
            }
        }
    }

    @Test func fuzzInputIsTotal() {
        var input = FuzzInput([7, 1, 2])
        let choice = input.choose(5)
        let flag = input.flag()
        let byte = input.byte()
        #expect((choice, flag, byte) == (2, true, 2))
        #expect(input.isAtEnd)
        let pastTheEnd = (input.uint32(), input.bytes(upTo: 10))
        #expect(pastTheEnd.0 == 0 && pastTheEnd.1.isEmpty)
    }
}
