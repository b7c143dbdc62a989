import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

@Suite struct LoopTests {
    @Test func echoRoundTripsStringsOverAPrivateBus() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        for text in ["こんにちは", "naïve 👩‍👩‍👧", ""] {
            #expect(
                try client.callString(EchoService.name, EchoService.path, EchoService.interface, "Echo") {
                    $0.append(text)
                } == text)
        }
    }

    @Test(arguments: ["direct", "execute"])
    func signalFromAnotherThreadArrivesPromptly(route: String) throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        let destination = try #require(client.connection.uniqueName)
        let connection = service.connection
        let loop = service.loop
        let emit: @Sendable () -> Void = {
            _ = try? connection.emitSignal(
                path: EchoService.path, interface: EchoService.interface, member: "Ticked", destination: destination
            ) { $0.append(UInt32(7)) }
        }
        let thread = try #require(
            PosixThread.spawn {
                if route == "execute" { loop.execute(emit) } else { emit() }
            })
        thread.join()
        let signal = try #require(client.waitForSignal(member: "Ticked", timeout: .seconds(5)))
        var reader = try MessageReader(signal, expecting: "u")
        #expect(try reader.readUInt32() == 7)
        #expect(signal.destination == destination)
    }

    @Test func asyncReplyIsDeliveredOnTheLoop() throws {
        try withLoopCaller { service, caller, loop in
            let outcome = Mutex<(String?, Bool)?>(nil)
            loop.execute {
                guard
                    let message = caller.methodCall(
                        destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                        member: "Echo")
                else { return }
                message.write { $0.append("async ✓") }
                try? caller.call(message, timeoutMilliseconds: 5000) { result in
                    var reader = try? result.get().reader()
                    let text = try? reader?.readString()
                    outcome.withLock { $0 = (text, loop.isLoopThread) }
                }
            }
            #expect(eventually { outcome.withLock { $0 != nil } })
            let (text, onLoopThread) = try #require(outcome.withLock { $0 })
            #expect(text == "async ✓")
            #expect(onLoopThread)
        }
    }

    /// A blocking call from another thread on a connection whose loop runs goes out from the
    /// loop (the only thread that processes the connection) and returns its reply.
    @Test func blockingCallFromAnotherThreadGoesThroughTheLoop() throws {
        try withLoopCaller { service, caller, loop in
            for text in ["first", "二番目"] {
                var reader = try caller.call(
                    destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                    member: "Echo", timeoutMilliseconds: 5000
                ) { $0.append(text) }.reader()
                #expect(try reader.readString() == text)
            }
            #expect(throws: DBusKitError.self) {
                _ = try caller.call(
                    destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                    member: "Never", timeoutMilliseconds: 200)
            }
        }
    }

    @Test func asyncCallTimesOutWithNoReply() throws {
        try withLoopCaller { service, caller, loop in
            let failure = Mutex<DBusKitError?>(nil)
            loop.execute {
                guard
                    let message = caller.methodCall(
                        destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                        member: "Never")
                else { return }
                try? caller.call(message, timeoutMilliseconds: 200) { result in
                    if case .failure(let error) = result { failure.withLock { $0 = error } }
                }
            }
            #expect(eventually { failure.withLock { $0 != nil } })
            #expect(failure.withLock { $0?.name } == DBusErrorName.noReply)
        }
    }

    @Test func timersFireAndCancel() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        let counts = Mutex((once: 0, repeating: 0, cancelled: 0))
        loop.schedule(after: .milliseconds(10)) { counts.withLock { $0.once += 1 } }
        let repeating = loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {
            counts.withLock { $0.repeating += 1 }
        }
        let cancelled = loop.schedule(after: .milliseconds(300)) { counts.withLock { $0.cancelled += 1 } }
        loop.cancel(cancelled)
        #expect(eventually { counts.withLock { $0.once == 1 && $0.repeating >= 3 } })
        loop.cancel(repeating)
        usleep(400_000)
        #expect(counts.withLock { $0.once } == 1)
        #expect(counts.withLock { $0.cancelled } == 0)
    }

    /// The loop sleeps until the nearest deadline of all its timers, not the first scheduled.
    @Test func theNearestOfSeveralTimersFiresFirst() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        let fired = Mutex<[String]>([])
        let late = loop.schedule(after: .seconds(120)) { fired.withLock { $0.append("late") } }
        defer { loop.cancel(late) }
        loop.schedule(after: .milliseconds(20)) { fired.withLock { $0.append("soon") } }
        #expect(eventually { fired.withLock { $0 == ["soon"] } })
        usleep(50_000)
        #expect(fired.withLock { $0 } == ["soon"])
    }

    /// Jobs a job queues run after it, in order (the queue is swapped out while a turn runs it).
    @Test func jobsQueuedByAJobRunAfterItInOrder() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        let seen = Mutex<[Int]>([])
        for round in 0..<3 {
            loop.execute {
                seen.withLock { $0.append(round * 10) }
                loop.execute { seen.withLock { $0.append(round * 10 + 2) } }
                loop.execute { seen.withLock { $0.append(round * 10 + 3) } }
                seen.withLock { $0.append(round * 10 + 1) }
            }
            #expect(eventually { seen.withLock { $0.count == 4 * (round + 1) } })
        }
        #expect(seen.withLock { $0 } == [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23])
    }

    /// A job still queued when the loop stops is dropped, not run; kept, it would keep what it
    /// captures alive, here the loop itself (a stopped daemon's loop, connection and service
    /// were never freed).
    @Test func aJobLeftWhenTheLoopStopsIsDroppedWithWhatItCaptures() throws {
        weak var released: EventLoop?
        let ran = Mutex(false)
        do {
            let loop = try EventLoop()
            released = loop
            loop.execute {
                loop.stop()
                loop.execute {
                    ran.withLock { $0 = true }
                    _ = loop.isRunning
                }
            }
            let thread = try #require(PosixThread.spawn { loop.run() })
            thread.join()
        }
        #expect(!ran.withLock { $0 })
        #expect(released == nil, "the job left in the stopped loop kept it alive")
    }

    @Test func executeRunsOnTheLoopThreadInOrder() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        let seen = Mutex<[Int]>([])
        let onLoop = Mutex(true)
        for number in 0..<100 {
            loop.execute {
                seen.withLock { $0.append(number) }
                if !loop.isLoopThread { onLoop.withLock { $0 = false } }
            }
        }
        #expect(eventually { seen.withLock { $0.count == 100 } })
        #expect(seen.withLock { $0 } == Array(0..<100))
        #expect(onLoop.withLock { $0 })
    }
}

@Suite struct BusHookTests {
    @Test func asyncCallFromAnotherThreadHopsToTheLoop() throws {
        try withLoopCaller { service, caller, loop in
            let message = try #require(
                caller.methodCall(
                    destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                    member: "Echo")
            )
            message.write { $0.append("hop") }
            let outcome = Mutex<Bool?>(nil)
            try caller.call(message, timeoutMilliseconds: 5000) { result in
                var reader = try? result.get().reader()
                let echoed = (try? reader?.readString()) == "hop"
                outcome.withLock { $0 = echoed && loop.isLoopThread }
            }
            #expect(eventually { outcome.withLock { $0 != nil } })
            #expect(outcome.withLock { $0 } == true)
        }
    }

    @Test func peerDisconnectIsReportedByNameOwnerChanged() throws {
        let service = try EchoService()
        let vanished = Mutex<[String]>([])
        service.connection.onNameOwnerChanged { name, _, newOwner in
            if name.hasPrefix(":"), newOwner.isEmpty { vanished.withLock { $0.append(name) } }
        }
        try service.connection.watchNameOwnerChanges()
        let peer = try Connection(address: service.bus.address)
        let peerName = try #require(peer.uniqueName)
        peer.close()
        #expect(eventually { vanished.withLock { $0.contains(peerName) } })
    }

    @Test func disconnectHookFiresWhenTheBusDies() throws {
        let bus = try PrivateBus()
        let service = try EchoService(bus: bus)
        let disconnected = Mutex(false)
        service.connection.onDisconnected { disconnected.withLock { $0 = true } }
        bus.stop(signal: SIGKILL)
        #expect(eventually { disconnected.withLock { $0 } })
    }
}

/// An echo service, and a caller connection driven by a loop of its own, for `body`;
/// the loop stops and the caller closes afterwards.
private func withLoopCaller(_ body: (EchoService, Connection, EventLoop) throws -> Void) throws {
    let service = try EchoService()
    let caller = try Connection(address: service.bus.address)
    let loop = try EventLoop()
    loop.attach(caller)
    try loop.start()
    defer {
        loop.stop()
        caller.close()
    }
    try body(service, caller, loop)
}
