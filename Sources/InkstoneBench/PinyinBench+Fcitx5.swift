import DBusKit
import Glibc

/// Stock fcitx5's pinyin (`fcitx5-pinyin` of `fcitx5-chinese-addons`, libime with its
/// language model; no cloud pinyin) driven over the fcitx5 D-Bus protocol the way a GTK
/// client drives it: each pinyin string typed key by key into one input context, the first
/// candidate of the last candidate list it shows read (what `space` commits), then `Escape`,
/// so nothing is committed and nothing learnt — as the engine is read in the same bench.
enum StockPinyin {
    static let escape: UInt32 = 0xff1b

    /// The first candidate stock fcitx5's pinyin shows for each of `inputs` ("" when it
    /// shows none), or nil when fcitx5 or its pinyin is not installed.
    static func firstCandidates(for inputs: [String]) throws -> [String]? {
        guard let stock = try StockFcitx5.start(.pinyin) else { return nil }
        defer { stock.stop() }
        let client = try FcitxKeyClient(address: stock.bus.address)
        // Control+space switches from the keyboard layout to pinyin.
        _ = try client.press(0x20, state: 1 << 2)
        var firsts: [String] = []
        for input in inputs {
            var first = ""
            for scalar in input.unicodeScalars {
                for signal in try client.press(scalar.value) + client.pendingSignals()
                where signal.member == "UpdateClientSideUI" {
                    first = try firstCandidate(ofClientSideUI: signal) ?? ""
                }
            }
            firsts.append(first)
            _ = try client.press(escape)
        }
        return firsts
    }

    /// The text of the first candidate of an `UpdateClientSideUI(a(si)ia(si)a(si)a(ss)iibb)` signal.
    static func firstCandidate(ofClientSideUI signal: Message) throws -> String? {
        var ui = signal.reader()
        _ = try ui.readArray { try $0.readStruct { (try $0.readString(), try $0.readInt32()) } }
        _ = try ui.readInt32()
        for _ in 0..<2 { _ = try ui.readArray { try $0.readStruct { (try $0.readString(), try $0.readInt32()) } } }
        let candidates = try ui.readArray { try $0.readStruct { (try $0.readString(), try $0.readString()) } }
        return candidates.first?.1
    }
}

extension FcitxKeyClient {
    /// The signals that arrive within one more round trip to fcitx5 after the last reply:
    /// a user-interface update it sends once its key handling returned comes in here.
    func pendingSignals() throws -> [Message] {
        _ = try connection.call(
            destination: Self.busName, path: "/", interface: "org.freedesktop.DBus.Peer",
            member: "Ping", timeoutMilliseconds: 10_000
        ) { _ in }
        var signals: [Message] = []
        while let message = connection.nextMessage(timeoutMilliseconds: 0) { signals.append(message) }
        return signals
    }
}
