import InkstoneService
import InkstoneText
import Testing

extension LimitTests {
    /// Contexts of all peers together stay under `contextsPerUser`; a refused create changes nothing.
    @Test func contextsOfAllPeersStayUnderTheUserLimit() throws {
        let service = InkstoneService(limits: ServiceLimits(contextsPerPeer: 2, contextsPerUser: 3))
        let first = try service.createContext(owner: ":1.1", options: contextOptions())
        _ = try service.createContext(owner: ":1.1", options: contextOptions())
        _ = try service.createContext(owner: ":1.2", options: contextOptions())
        let refused = inkstoneError { _ = try service.createContext(owner: ":1.3", options: contextOptions()) }
        #expect(refused?.code == .limitExceeded)
        #expect(refused?.message.contains("limit 3") == true, "\(refused?.message ?? "")")
        #expect(service.counts == (3, 3))
        service.destroyContext(first)
        _ = try service.createContext(owner: ":1.3", options: contextOptions())
    }

    /// Persistent contexts are capped on their own; a peer leaving keeps them, destroying frees a slot.
    @Test func persistentContextsAreCappedAndOutliveTheirPeer() throws {
        let service = InkstoneService(limits: ServiceLimits(persistentContexts: 1))
        var persistent = contextOptions()
        persistent.persist = true
        let kept = try service.createContext(owner: ":1.1", options: persistent)
        service.peerVanished(":1.1")
        #expect(
            inkstoneError { _ = try service.createContext(owner: ":1.2", options: persistent) }?.code == .limitExceeded)
        _ = try service.createContext(owner: ":1.2", options: contextOptions())
        service.destroyContext(kept)
        _ = try service.createContext(owner: ":1.2", options: persistent)
    }

    /// A document is shared with at most `limit` peers; sharing again with one of them is fine.
    @Test func sharesPerDocument() throws {
        let service = InkstoneService()
        let document = try service.createDocument(owner: ":1.1")
        try document.share(with: ":1.2", caller: ":1.1", limit: 2)
        try document.share(with: ":1.3", caller: ":1.1", limit: 2)
        try document.share(with: ":1.2", caller: ":1.1", limit: 2)
        #expect(inkstoneError { try document.share(with: ":1.4", caller: ":1.1", limit: 2) }?.code == .limitExceeded)
        #expect(document.sharedWith == [":1.2", ":1.3"])
        try document.unshare(":1.3", caller: ":1.1")
        try document.share(with: ":1.4", caller: ":1.1", limit: 2)
    }
}
