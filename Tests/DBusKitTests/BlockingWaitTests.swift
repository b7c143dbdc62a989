import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// A connection attached to no loop, shared by two threads: one waits for signals in
/// `nextMessage`, the other calls. The wait holds no lock, so the call is not held back,
/// and what the call's reply brought along reaches the waiting thread.
@Suite struct BlockingWaitTests {
    static let tickerInterface = "org.example.Ticker"

    /// The echo service with `Tick(s) → s`, which sends `Ticked(s)` to the caller before it replies.
    static func tickingService() throws -> EchoService {
        var ticker = InterfaceTable(tickerInterface)
        ticker.method("Tick", input: "s", output: "s") { call, reader in
            let text = try reader.readString()
            try call.connection.emitSignal(
                path: EchoService.path, interface: tickerInterface, member: "Ticked", destination: call.sender
            ) { $0.append(text) }
            return .string(text)
        }
        return try EchoService(extraInterfaces: [ticker])
    }

    /// A blocking call of `member(text) → s` on the echo service's object; the string it returns.
    static func callReturningString(
        _ client: Connection, _ interface: String, _ member: String, _ text: String
    ) throws -> String {
        var reader = try client.call(
            destination: EchoService.name, path: EchoService.path, interface: interface, member: member,
            timeoutMilliseconds: 10_000
        ) { $0.append(text) }.reader()
        return try reader.readString()
    }

    @Test func aCallIsNotHeldBackByAnotherThreadWaitingForMessages() throws {
        let service = try EchoService()
        let client = try Connection(address: service.bus.address)
        defer { client.close() }
        let waiter = BackgroundWait(on: client, timeoutMilliseconds: 4_000)
        #expect(
            try Self.callReturningString(client, EchoService.interface, "Echo", "while another thread waits")
                == "while another thread waits")
        // The call came back while the other thread still waited (it waits 4 s for a message that never comes).
        #expect(waiter.ended == false)
        waiter.join()
        #expect(waiter.ended)
        #expect(waiter.member == nil)
    }

    @Test func aSignalThatCameWithAnotherThreadsReplyEndsTheWait() throws {
        let service = try Self.tickingService()
        let client = try Connection(address: service.bus.address)
        defer { client.close() }
        let waiter = BackgroundWait(on: client, timeoutMilliseconds: 10_000)
        #expect(try Self.callReturningString(client, Self.tickerInterface, "Tick", "tick") == "tick")
        // The signal, read by the call before its reply, is handed to the waiting thread well before its 10 s end.
        #expect(eventually(timeout: .seconds(5)) { waiter.ended })
        #expect(waiter.member == "Ticked")
        waiter.join()
    }

    @Test func closingTheConnectionEndsAnotherThreadsWait() throws {
        let service = try EchoService()
        let client = try Connection(address: service.bus.address)
        let waiter = BackgroundWait(on: client, timeoutMilliseconds: 60_000)
        client.close()
        // Closed from this thread, the connection ends the other thread's wait long before its minute.
        #expect(eventually(timeout: .seconds(10)) { waiter.ended })
        #expect(waiter.member == nil)
        waiter.join()
    }

    @Test func aWaitWithNothingToReadEndsAtItsTimeoutAndOnClose() throws {
        let service = try EchoService()
        let client = try Connection(address: service.bus.address)
        while client.nextMessage(timeoutMilliseconds: 100) != nil {}
        #expect(client.nextMessage(timeoutMilliseconds: 50) == nil)
        let waiter = BackgroundWait(on: client, timeoutMilliseconds: 60_000)
        service.bus.stop()
        // The bus going away ends the wait long before its minute.
        #expect(eventually(timeout: .seconds(10)) { waiter.ended })
        waiter.join()
        client.close()
    }
}

/// `nextMessage(timeoutMilliseconds:)` on a thread of its own, started once the bus's
/// own NameAcquired (sent right after Hello) has been dropped.
final class BackgroundWait: Sendable {
    private let outcome = Mutex<(ended: Bool, member: String?)>((false, nil))
    private let thread = Mutex<PosixThread?>(nil)

    init(on connection: Connection, timeoutMilliseconds: Int32) {
        while connection.nextMessage(timeoutMilliseconds: 100) != nil {}
        let spawned = PosixThread.spawn { [self] in
            let message = connection.nextMessage(timeoutMilliseconds: timeoutMilliseconds)
            outcome.withLock { $0 = (true, message?.member) }
        }
        thread.withLock { $0 = spawned }
        // Gives the thread time to start waiting (were it late, the checks would still hold).
        usleep(200_000)
    }

    /// Whether the wait ended.
    var ended: Bool { outcome.withLock { $0.ended } }

    /// The member of the message the wait returned, nil for none.
    var member: String? { outcome.withLock { $0.member } }

    /// Waits for the thread to end.
    func join() { thread.withLock { $0.take()?.join() } }
}
