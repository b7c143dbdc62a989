import DBusKit
import InkstoneTestSupport
import Testing

/// Keys typed in one context while another composes apply in order once it ends.
@Suite struct QueuedKeyTests {
    @Test func typingDeletingTypingBehindAHangulCompositionKeepsItsOrder() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let composer = try peer.createContext(["engine": .string("hangul")])
        guard case .objectPath(let document)? = try peer.property(composer, "Document") else {
            throw TestSupportError("no document path")
        }
        let typist = try peer.createContext(["document": .objectPath(document), "engine": .string("direct")])
        try peer.insert(typist, "ab")
        try peer.call(composer, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(0))
        }
        #expect(try peer.keys(composer, ["g", "k", "s"]) == [true, true, true])
        #expect(try peer.text(typist) == "한ab")

        #expect(try peer.keys(typist, ["X", "BackSpace", "Y"]) == [true, true, true])
        #expect(try peer.text(typist) == "한ab")
        try peer.call(composer, "UnmarkText")
        #expect(try peer.text(typist) == "한abY")
        #expect(try peer.range(typist, "SelectedRange") == (4, 0))
    }
}
