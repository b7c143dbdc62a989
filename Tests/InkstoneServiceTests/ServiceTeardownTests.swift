import InkstoneService
import Testing

@Suite struct ServiceTeardownTests {
    /// A service dropped with live contexts frees them and their documents
    /// (LeakSanitizer reported every context of the script tests as leaked).
    @Test func droppingTheServiceFreesItsContexts() throws {
        weak var context: InputContext?
        weak var shared: SharedDocument?
        do {
            let service = InkstoneService()
            let first = try service.createContext(owner: ":1.1", options: ContextOptions())
            _ = try first.insertText("abc")
            context = first
            shared = first.shared
        }
        // Compare outside #expect: describing a leaked context would read its gone service.
        let freed = (context: context == nil, document: shared == nil)
        #expect(freed.context)
        #expect(freed.document)
    }
}
