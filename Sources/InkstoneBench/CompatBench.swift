import ArgumentParser
import InkstoneMeasure

/// `inkstone-bench compat`: the fcitx5 protocol's key round trips (`ProcessKeyEvent`,
/// `ProcessKeyEventBatch`, Hangul, signals read) against the raw libdbus echo for
/// `inkstoned --compat fcitx5` and, when installed, for stock `fcitx5` with `fcitx5-hangul`
/// driven by the very same client. Both servers run at once, each on its own private bus
/// with its own echo (both own `org.fcitx.Fcitx5`), and are sampled in one loop, so that
/// inkstoned is also set directly beside stock fcitx5.
struct CompatBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compat",
        abstract:
            "fcitx5 ProcessKeyEvent / ProcessKeyEventBatch round trips vs echo and vs stock fcitx5, in one loop.")

    @Flag(help: "A smoke run with tiny numbers.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    /// The key calls measured, one row each per server.
    static let members = ["ProcessKeyEvent", "ProcessKeyEventBatch"]
    /// Hangul keys typed in turn: `gksrmf` spells 한글 on the Dubeolsik layout, space commits it.
    static let keys = Array("gksrmf ".unicodeScalars.map(\.value))

    /// A server of the fcitx5 protocol on its own private bus, and the echo client of that bus.
    struct Server {
        var label: String
        var bus: String
        var echo: RawClient
    }

    func run() throws {
        let sizes = KeyLatency.Sizes.of(quick: quick)
        let bench = try BenchBus(daemonArguments: ["--compat", "fcitx5"])
        defer { bench.stop() }
        guard try bench.daemon.waitForName(FcitxKeyClient.busName, on: bench.bus.address) else {
            throw ValidationError("inkstoned did not take \(FcitxKeyClient.busName): \(bench.daemon.stderr)")
        }
        let stock = try StockFcitx5.start()
        defer { stock?.stop() }
        var servers = [Server(label: "inkstoned", bus: bench.bus.address, echo: bench.echoClient)]
        if let stock { servers.append(Server(label: "stock fcitx5", bus: stock.bus.address, echo: stock.echoClient)) }
        var rows: [BenchRow] = []
        for member in Self.members {
            let latencies = try Self.latencies(of: member, on: servers, sizes: sizes)
            for (server, latency) in zip(servers, latencies) {
                rows.append(
                    .latency(
                        "fcitx5 \(member), hangul, \(server.label)", latency.measured, baseline: latency.echo,
                        limit: nil, note: "GTK3 module's capabilities; signals read"))
            }
            if latencies.count == 2 {
                rows.append(
                    .latency(
                        "fcitx5 \(member), hangul, inkstoned vs stock fcitx5", latencies[0].measured,
                        baseline: latencies[1].measured, baselineName: "stock fcitx5", limit: 1.0,
                        goal: "≤ 1.00× stock", note: "baseline: the stock fcitx5 row, sampled in the same loop"))
            }
        }
        if stock == nil {
            rows.append(
                BenchRow(
                    name: "stock fcitx5", unit: "", median: 0, baseline: .budget(0), goal: "", met: nil,
                    note: "not measured: \(StockFcitx5.executable) or the fcitx5-hangul addon is not installed"))
        }
        BenchTable.print(rows, json: json)
    }

    /// `member` round trips of ``keys`` into each of `servers`, one client each with Hangul
    /// switched on, all sampled in one loop (``KeyLatency/interleavedWithEchoes(_:sizes:_:)``);
    /// the latencies and their echoes' in the order of `servers`.
    static func latencies(
        of member: String, on servers: [Server], sizes: KeyLatency.Sizes
    ) throws -> [(echo: LatencyStats, measured: LatencyStats)] {
        let clients = try servers.map { try FcitxKeyClient(address: $0.bus) }
        for client in clients {
            // Hangul on: the trigger key both servers know.
            _ = try client.timeKey(0x20, state: 1 << 2, member: member)
        }
        return try KeyLatency.interleavedWithEchoes(servers.map(\.echo), sizes: sizes) { server, round in
            try clients[server].timeKey(keys[round % keys.count], member: member)
        }
    }
}
