import DBusKit
import InkstoneMeasure

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
}
