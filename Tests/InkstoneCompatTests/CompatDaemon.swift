import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

let inkstoneName = "org.inkstone.Inkstone1"
let fcitxName = "org.fcitx.Fcitx5"
let fcitxPortalName = "org.freedesktop.portal.Fcitx"
let inputMethodPath = "/org/freedesktop/portal/inputmethod"
let inputMethodInterface = "org.fcitx.Fcitx.InputMethod1"
let fcitxContextInterface = "org.fcitx.Fcitx.InputContext1"
let ibusPortalName = "org.freedesktop.portal.IBus"
let ibusContextInterface = "org.freedesktop.IBus.InputContext"

/// A private bus with `inkstoned --compat …` owning its names.
final class CompatDaemon {
    let bus: PrivateBus
    let daemon: DaemonProcess

    init(bus: PrivateBus? = nil, fronts: String = "fcitx5,ibus", arguments: [String] = []) throws {
        self.bus = try bus ?? PrivateBus()
        daemon = try DaemonProcess(
            arguments: ["--address", self.bus.address, "--compat", fronts, "--log-level", "debug"] + arguments,
            environment: ["XDG_CONFIG_HOME": "/nonexistent/inkstone-tests"])
        for name in fronts.contains("fcitx5") ? [fcitxName, fcitxPortalName] : [] {
            try #require(try daemon.waitForName(name, on: self.bus.address), "no \(name): \(daemon.stderr)")
        }
        if fronts.contains("ibus") {
            try #require(
                try daemon.waitForName(ibusPortalName, on: self.bus.address), "no IBus portal: \(daemon.stderr)")
        }
    }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: .seconds(5))
    }
}

/// One client connection that records, for each call, the signals that arrived before
/// its reply (sd-bus queues them while it waits) and whether they were sent before it.
final class CompatPeer {
    let connection: Connection
    let destination: String

    convenience init(_ daemon: CompatDaemon, destination: String = fcitxName) throws {
        try self.init(address: daemon.bus.address, destination: destination)
    }

    init(address: String, destination: String = fcitxName) throws {
        connection = try Connection(address: address)
        self.destination = destination
    }

    deinit { connection.close() }

    /// The reply of one call and the signals queued before it.
    struct Exchange {
        let reply: Message
        let signals: [Message]

        /// The signals named `member`.
        func signals(_ member: String) -> [Message] { signals.filter { $0.member == member } }
    }

    /// Calls `destination` (the peer's own by default) and returns the reply with every
    /// signal that came before it, in order. Each such signal from the replying connection
    /// must carry a smaller serial than the reply: sent before it by the daemon.
    @discardableResult
    func call(
        _ path: String, _ interface: String, _ member: String, destination: String? = nil,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Exchange {
        _ = drain()
        let reply = try connection.call(
            destination: destination ?? self.destination, path: path, interface: interface, member: member,
            timeoutMilliseconds: 10_000, body)
        let signals = drain()
        for signal in signals where signal.sender == reply.sender {
            #expect(signal.serial < reply.serial, "\(signal.member ?? "?") was sent after the reply of \(member)")
        }
        return Exchange(reply: reply, signals: signals)
    }

    /// Signals already queued, without reading more.
    private func drain() -> [Message] {
        var messages: [Message] = []
        while let message = connection.queuedMessage() {
            if message.kind == .signal, message.interface != "org.freedesktop.DBus" { messages.append(message) }
        }
        return messages
    }

    // MARK: fcitx5

    /// `CreateInputContext` → the context's path (and checks the 16-byte UUID).
    func createFcitxContext(capability: UInt64 = FcitxCapability.gtk3) throws -> String {
        let exchange = try call(inputMethodPath, inputMethodInterface, "CreateInputContext") { writer in
            writer.appendArray(of: "(ss)") { array in
                array.appendStruct {
                    $0.append("display")
                    $0.append("x11:")
                }
                array.appendStruct {
                    $0.append("program")
                    $0.append("compat-tests")
                }
            }
        }
        var reader = try MessageReader(exchange.reply, expecting: "oay")
        let path = try reader.readObjectPath()
        let uuid = try reader.readArray { try $0.readByte() }
        #expect(uuid.count == 16)
        try call(path, fcitxContextInterface, "SetCapability") { $0.append(capability) }
        return path
    }

    /// One key press (and its release) through `ProcessKeyEvent`; the press's exchange.
    @discardableResult
    func press(_ keysym: UInt32, state: UInt32 = 0, on path: String) throws -> Exchange {
        let press = try call(path, fcitxContextInterface, "ProcessKeyEvent") { writer in
            writer.append(keysym)
            writer.append(UInt32(0))
            writer.append(state)
            writer.append(false)
            writer.append(UInt32(0))
        }
        try call(path, fcitxContextInterface, "ProcessKeyEvent") { writer in
            writer.append(keysym)
            writer.append(UInt32(0))
            writer.append(state)
            writer.append(true)
            writer.append(UInt32(0))
        }
        return press
    }

    /// Presses each key and returns every exchange.
    func type(_ keysyms: [UInt32], on path: String) throws -> [Exchange] {
        try keysyms.map { try press($0, on: path) }
    }
}

/// fcitx5 capability masks the stock modules send.
enum FcitxCapability {
    /// fcitx5-gtk 5.0.21's GTK3 module: Preedit | FormattedPreedit | KeyEventOrderFix |
    /// ReportKeyRepeat | ClientSideInputPanel.
    static let gtk3: UInt64 = 0xe0_0000_0012
    /// `ClientUnfocusCommit`.
    static let clientUnfocusCommit: UInt64 = 1 << 5
    /// `GetIMInfoOnFocus`.
    static let getIMInfoOnFocus: UInt64 = 1 << 23
}

/// Keysyms the tests type.
enum Key {
    static func ascii(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
    static let space: UInt32 = 0x20
    static let returnKey: UInt32 = 0xff0d
    static let hangul: UInt32 = 0xff31
    static let hangulHanja: UInt32 = 0xff34
    static let control: UInt32 = 1 << 2
}

extension Message {
    /// The first string argument.
    var firstString: String? {
        var reader = self.reader()
        return try? reader.readString()
    }

    /// `UpdateFormattedPreedit`'s text and byte cursor.
    var formattedPreedit: (text: String, cursor: Int32)? {
        var reader = self.reader()
        guard
            let segments = try? reader.readArray({ element in
                try element.readStruct { fields in (try fields.readString(), try fields.readInt32()) }
            }), let cursor = try? reader.readInt32()
        else { return nil }
        return (segments.map(\.0).joined(), cursor)
    }
}

/// Every commit of a run of exchanges, joined.
func committedText(_ exchanges: [CompatPeer.Exchange]) -> String {
    exchanges.flatMap { $0.signals("CommitString") }.compactMap(\.firstString).joined()
}
