import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

/// `inkstone-bench roundtrip`: D-Bus round trips to `inkstoned` against a raw
/// libdbus echo service on the same private bus, interleaved in one run.
struct RoundTripBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "GetVersion on inkstoned vs. Echo on a raw libdbus service (median, p90, p99, ratios)."
    )

    @Option(help: "Calls of each kind after warm-up.")
    var count = 20_000

    @Option(help: "Warm-up calls of each kind.")
    var warmup = 500

    @Flag(help: "A short run (500 calls of each kind, 100 warm-up).")
    var quick = false

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func run() throws {
        let calls = quick ? 500 : count
        let warmupCalls = quick ? 100 : warmup
        let bus = try PrivateBus()
        let echo = try RawEchoService(address: bus.address)
        let daemon = try DaemonProcess(executable: builtProduct("inkstoned"), arguments: ["--address", bus.address])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
            bus.stop()
            echo.join()
        }
        guard try daemon.waitForName(InkstoneNames.busName, on: bus.address) else {
            throw ValidationError("inkstoned did not start: \(daemon.stderr)")
        }
        let client = try RawClient(address: bus.address)
        var echoSamples: [UInt64] = []
        var ourSamples: [UInt64] = []
        echoSamples.reserveCapacity(calls)
        ourSamples.reserveCapacity(calls)
        for round in 0..<(warmupCalls + calls) {
            let echoTime = try client.timeEcho()
            let ourTime = try client.timeGetVersion()
            if round >= warmupCalls {
                echoSamples.append(echoTime)
                ourSamples.append(ourTime)
            }
        }
        let echoStats = LatencyStats(echoSamples)
        let ourStats = LatencyStats(ourSamples)
        let signalStats = LatencyStats(try SignalLatency.measure(address: bus.address, count: quick ? 200 : 2000))
        if json {
            print(
                """
                {"calls": \(calls), "echo": \(echoStats.json), "inkstoned": \(ourStats.json), \
                "ratio": {"median": \(format(ourStats.median / echoStats.median)), \
                "p90": \(format(ourStats.p90 / echoStats.p90)), "p99": \(format(ourStats.p99 / echoStats.p99))}, \
                "signal_via_execute": \(signalStats.json)}
                """)
        } else {
            print("round trips through a private dbus-daemon, \(calls) calls each, interleaved (µs)")
            print("                       median      p90      p99")
            print("raw libdbus Echo     \(echoStats.row)")
            print("inkstoned GetVersion \(ourStats.row)")
            print(
                "ratio (ours/echo)    \(pad(format(ourStats.median / echoStats.median) + "x"))"
                    + " \(pad(format(ourStats.p90 / echoStats.p90) + "x")) \(pad(format(ourStats.p99 / echoStats.p99) + "x"))"
            )
            print("signal via execute   \(signalStats.row)   (other thread -> EventLoop -> bus -> client)")
        }
    }
}

/// Latency of a unicast signal emitted through ``EventLoop/execute(_:)`` from
/// another thread until a blocked raw client receives it.
enum SignalLatency {
    static func measure(address: String, count: Int) throws -> [UInt64] {
        let service = try Connection(address: address)
        let loop = try EventLoop()
        loop.attach(service)
        try loop.start()
        defer {
            loop.stop()
            service.close()
        }
        let client = try Connection(address: address)
        defer { client.close() }
        guard let destination = client.uniqueName else { throw ValidationError("client has no name") }
        var samples: [UInt64] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = MonotonicClock.nanoseconds()
            loop.execute {
                _ = try? service.emitSignal(
                    path: "/org/inkstone/Bench", interface: "org.inkstone.Bench", member: "Tick",
                    destination: destination)
            }
            while true {
                guard let message = client.nextMessage(timeoutMilliseconds: 5000) else {
                    throw ValidationError("client lost")
                }
                if message.kind == .signal, message.member == "Tick" { break }
            }
            samples.append(MonotonicClock.nanoseconds() - start)
        }
        return samples
    }
}
