import ArgumentParser
import DBusKit
import Glibc
import InkstoneMeasure
import InkstoneTestSupport

/// `inkstone-bench compat`: the fcitx5 protocol's key round trips (`ProcessKeyEvent`,
/// `ProcessKeyEventBatch`, Hangul, signals read) against the raw libdbus echo in the same
/// run — for `inkstoned --compat fcitx5` and, when installed, for stock `fcitx5` with
/// `fcitx5-hangul` driven by the very same client.
struct CompatBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compat",
        abstract:
            "fcitx5 ProcessKeyEvent / ProcessKeyEventBatch round trips vs echo: inkstoned --compat, and stock fcitx5.")

    @Flag(help: "A smoke run with tiny numbers.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let sizes = KeyLatency.Sizes.of(quick: quick)
        var rows: [BenchRow] = []
        do {
            let bench = try BenchBus(daemonArguments: ["--compat", "fcitx5"])
            defer { bench.stop() }
            guard try bench.daemon.waitForName(FcitxKeyClient.busName, on: bench.bus.address) else {
                throw ValidationError("inkstoned did not take \(FcitxKeyClient.busName): \(bench.daemon.stderr)")
            }
            rows += try FcitxKeyClient.rows(
                label: "inkstoned", bus: bench.bus.address, echo: bench.echoClient, sizes: sizes)
        }
        if let stock = try StockFcitx5.start() {
            defer { stock.stop() }
            rows += try FcitxKeyClient.rows(
                label: "stock fcitx5", bus: stock.bus.address, echo: stock.echoClient, sizes: sizes)
        } else {
            rows.append(
                BenchRow(
                    name: "stock fcitx5", unit: "", median: 0, baseline: .budget(0), goal: "", met: nil,
                    note: "not measured: \(StockFcitx5.executable) or the fcitx5-hangul addon is not installed"))
        }
        BenchTable.print(rows, json: json)
    }
}

/// A client of the fcitx5 protocol as fcitx5-gtk drives it: one context with the GTK3
/// module's capabilities, Hangul switched on with the trigger key, presses timed.
final class FcitxKeyClient {
    static let busName = "org.fcitx.Fcitx5"
    static let contextInterface = "org.fcitx.Fcitx.InputContext1"
    let connection: Connection
    let context: String

    init(address: String) throws {
        connection = try Connection(address: address)
        let reply = try connection.call(
            destination: Self.busName, path: "/org/freedesktop/portal/inputmethod",
            interface: "org.fcitx.Fcitx.InputMethod1", member: "CreateInputContext", timeoutMilliseconds: 10_000
        ) { writer in
            writer.appendArray(of: "(ss)") { array in
                array.appendStruct {
                    $0.append("display")
                    $0.append("x11:")
                }
                array.appendStruct {
                    $0.append("program")
                    $0.append("inkstone-bench")
                }
            }
        }
        var reader = reply.reader()
        context = try reader.readObjectPath()
        try call("SetCapability") { $0.append(UInt64(0xe0_0000_0012)) }
        try call("FocusIn")
    }

    deinit { connection.close() }

    @discardableResult
    func call(_ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }) throws -> Message {
        try connection.call(
            destination: Self.busName, path: context, interface: Self.contextInterface, member: member,
            timeoutMilliseconds: 10_000, body)
    }

    /// One timed press of `keysym` with `member`, in nanoseconds; the signals it caused
    /// (which arrived before the reply) are read afterwards.
    func timeKey(_ keysym: UInt32, state: UInt32 = 0, member: String) throws -> UInt64 {
        let start = MonotonicClock.nanoseconds()
        try send(keysym, state: state, member: member)
        let elapsed = MonotonicClock.nanoseconds() - start
        while connection.nextMessage(timeoutMilliseconds: 0) != nil {}
        return elapsed
    }

    /// One press of `keysym` with `ProcessKeyEvent`, and the signals it caused (they
    /// arrive before the reply).
    func press(_ keysym: UInt32, state: UInt32 = 0) throws -> [Message] {
        try send(keysym, state: state, member: "ProcessKeyEvent")
        var signals: [Message] = []
        while let message = connection.nextMessage(timeoutMilliseconds: 0) { signals.append(message) }
        return signals
    }

    /// A press of `keysym` (no key code, no release) with `member`.
    private func send(_ keysym: UInt32, state: UInt32, member: String) throws {
        try call(member) { writer in
            writer.append(keysym)
            writer.append(UInt32(0))
            writer.append(state)
            writer.append(false)
            writer.append(UInt32(0))
        }
    }

    /// The two rows (`ProcessKeyEvent`, `ProcessKeyEventBatch`) for the server on `bus`.
    static func rows(label: String, bus: String, echo: RawClient, sizes: KeyLatency.Sizes) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for member in ["ProcessKeyEvent", "ProcessKeyEventBatch"] {
            let client = try FcitxKeyClient(address: bus)
            // Hangul on: the trigger key both servers know.
            _ = try client.timeKey(0x20, state: 1 << 2, member: member)
            let keys = Array("gksrmf ".unicodeScalars.map(\.value))
            var echoSamples: [UInt64] = []
            var keySamples: [UInt64] = []
            for round in 0..<(sizes.warmup + sizes.samples) {
                let echoTime = try echo.timeEcho()
                let keyTime = try client.timeKey(keys[round % keys.count], member: member)
                guard round >= sizes.warmup else { continue }
                echoSamples.append(echoTime)
                keySamples.append(keyTime)
            }
            rows.append(
                .latency(
                    "fcitx5 \(member), hangul, \(label)", LatencyStats(keySamples), baseline: LatencyStats(echoSamples),
                    limit: nil, note: "GTK3 module's capabilities; signals read"))
        }
        return rows
    }
}

/// Stock `fcitx5` with one of its input methods on a private bus with the echo service,
/// its profile holding that input method (Control+space turns it on).
final class StockFcitx5 {
    /// An input method of stock fcitx5: its name in the profile, the addons it needs
    /// and the shared objects one of which must be installed.
    struct InputMethod {
        var name: String
        var addons: [String]
        var libraries: [String]
        /// The Debian package that provides it.
        var package: String

        /// `fcitx5-hangul`.
        static let hangul = InputMethod(
            name: "hangul", addons: ["hangul"], libraries: ["libhangul.so", "hangul.so"], package: "fcitx5-hangul")
        /// `fcitx5-pinyin` (of `fcitx5-chinese-addons`, with libime's language model), no cloud pinyin.
        static let pinyin = InputMethod(
            name: "pinyin", addons: ["pinyin", "punctuation"], libraries: ["libpinyin.so"], package: "fcitx5-pinyin")
    }

    static let executable = "/usr/bin/fcitx5"
    static let addonDirectory = "/usr/lib/x86_64-linux-gnu/fcitx5/"
    let bus: PrivateBus
    let echo: RawEchoService
    let echoClient: RawClient
    let process: DaemonProcess

    /// Starts it with `method`, or nil when fcitx5 or the input method is not installed.
    static func start(_ method: InputMethod = .hangul) throws -> StockFcitx5? {
        guard access(executable, X_OK) == 0,
            method.libraries.contains(where: { access(addonDirectory + $0, F_OK) == 0 })
        else { return nil }
        return try StockFcitx5(method)
    }

    private init(_ method: InputMethod) throws {
        let home = try makeTemporaryDirectory(prefix: "inkstone-bench-fcitx5")
        _ = try run(["mkdir", "-p", home + "/fcitx5"])
        try writeFile(
            home + "/fcitx5/profile",
            """
            [Groups/0]
            Name=Default
            Default Layout=us
            DefaultIM=\(method.name)

            [Groups/0/Items/0]
            Name=keyboard-us
            Layout=

            [Groups/0/Items/1]
            Name=\(method.name)
            Layout=

            [GroupOrder]
            0=Default

            """)
        bus = try PrivateBus()
        echo = try RawEchoService(address: bus.address)
        let addons = (["dbus", "dbusfrontend", "keyboard"] + method.addons).joined(separator: ",")
        process = try DaemonProcess(
            executable: Self.executable, arguments: ["--disable=all", "--enable=\(addons)"],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home + "/data",
                "DISPLAY": "", "WAYLAND_DISPLAY": "",
            ])
        guard try process.waitForName(FcitxKeyClient.busName, on: bus.address, timeout: .seconds(20)) else {
            throw ValidationError("fcitx5 did not start: \(process.stderr)")
        }
        echoClient = try RawClient(address: bus.address)
    }

    func stop() {
        process.signal(SIGTERM)
        _ = process.waitForExit()
        bus.stop()
        echo.join()
    }
}
