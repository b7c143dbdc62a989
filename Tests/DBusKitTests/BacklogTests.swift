import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

@Suite struct BacklogTests {
    /// A peer that stops reading: past the cap, signals are dropped (not queued),
    /// the overflow is reported once, and recovery reports how many were dropped.
    @Test func signalsToAPeerThatDoesNotReadAreDroppedPastTheCap() throws {
        let pair = try PeerPair()
        let limit = 64 << 10
        let overflows = Mutex<[Int]>([])
        let recoveries = Mutex<[Int]>([])
        pair.accepted.limitOutgoing(to: limit) { queued in
            overflows.withLock { $0.append(queued) }
        } onRecovery: { dropped in
            recoveries.withLock { $0.append(dropped) }
        }
        let payload = String(repeating: "x", count: 1024)
        var dropped = 0
        for _ in 0..<8000 {
            let serial = try pair.accepted.send(
                try #require(pair.accepted.signal(path: "/s", interface: "org.example.S", member: "Tick")).writing(
                    payload))
            if serial == 0 { dropped += 1 }
            #expect(pair.accepted.outgoingBytes <= limit + 4096)
        }
        #expect(dropped > 0, "8 MB of signals fit the socket: the cap was never reached")
        #expect(overflows.withLock { $0.count } == 1)
        #expect(overflows.withLock { $0.first ?? 0 } > limit)

        // The peer reads everything; the next signal finds the queue short again.
        var received = 0
        while pair.client.nextMessage(timeoutMilliseconds: 1000) != nil { received += 1 }
        #expect(received == 8000 - dropped)
        _ = try pair.accepted.send(
            try #require(pair.accepted.signal(path: "/s", interface: "org.example.S", member: "Tick")))
        #expect(recoveries.withLock { $0 } == [dropped])
    }

    /// A closed connection is freed even when its handlers capture it.
    @Test func closingBreaksHandlerCycles() throws {
        let pair = try PeerPair()
        weak var released: Connection?
        do {
            let client = try Connection(address: pair.server.address, registerWithBus: false)
            client.onDisconnected { _ = client.isConnected }
            client.limitOutgoing(to: 1024) { _ in _ = client.isConnected }
            released = client
            client.close()
        }
        #expect(released == nil, "a closed connection stayed alive")
    }
}

extension Message {
    /// The message with `text` appended (for building signals inline).
    fileprivate func writing(_ text: String) -> Message {
        write { $0.append(text) }
        return self
    }
}
