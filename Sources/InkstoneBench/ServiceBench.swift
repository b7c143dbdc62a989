import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure
import InkstoneService

/// `inkstone-bench service`: the daemon's own work per key with no D-Bus —
/// engine, document edit, marked text, notifications built for a recording
/// sink — so the bus round trip can be told apart from what Inkstone adds.
struct ServiceBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Service-core work per key (engine + document + notifications), no D-Bus."
    )

    @Flag(help: "Fewer keys, for a smoke run.")
    var quick = false

    @Option(
        help: """
            Microseconds to sleep before each key (0: keys back to back). A key typed over D-Bus comes \
            after the daemon has slept in its loop; this times the same work after such a pause.
            """)
    var pauseMicroseconds: UInt32 = 0

    func run() throws {
        let count = quick ? 2_000 : 20_000
        let pause = pauseMicroseconds > 0 ? ", a \(pauseMicroseconds) µs sleep before each" : ""
        print("service work per key (\(count) keys\(pause), no D-Bus), median / p99 in µs")
        for (engine, keys, subscribed) in [
            ("direct", "the quick brown fox jumps over the lazy dog ", false),
            ("direct", "the quick brown fox jumps over the lazy dog ", true),
            ("hangul", "gksrmf dkssudgktpdy ", false),
            ("hangul", "gksrmf dkssudgktpdy ", true),
        ] {
            let stats = try Self.measure(
                engine: engine, keys: Array(keys), count: count, subscribed: subscribed, pause: pauseMicroseconds)
            let label = "\(engine), \(subscribed ? "all notifications" : "no notifications")"
            let padded = label + String(repeating: " ", count: max(0, 32 - label.count))
            print("  \(padded) \(format(stats.median)) / \(format(stats.p99))")
        }
    }

    /// Times `count` keys typed into a fresh context, each after a sleep of `pause` µs (none when 0).
    static func measure(
        engine: String, keys: [Character], count: Int, subscribed: Bool, pause: UInt32 = 0
    ) throws -> LatencyStats {
        let service = InkstoneService()
        let sink = CountingSink()
        service.sink = sink
        var options = ContextOptions()
        options.engine = engine
        if !subscribed { options.notifications = [] }
        let context = try service.createContext(owner: ":bench", options: options)
        var samples: [UInt64] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            if pause > 0 { usleep(pause) }
            let key = KeyEvent(keysym: UInt32(keys[index % keys.count].asciiValue ?? 0x20))
            let start = MonotonicClock.nanoseconds()
            _ = try context.processKey(key)
            samples.append(MonotonicClock.nanoseconds() - start)
        }
        guard sink.count > 0 || !subscribed else { throw ValidationError("no notifications were built") }
        return LatencyStats(samples)
    }
}

/// Counts notifications (the sink a transport would be).
private final class CountingSink: NotificationSink {
    var count = 0
    func deliver(_ notification: Notification, to context: InputContext) { count += 1 }
}
