import DBusKit

extension InputContextProxy {
    /// `ProcessKeyEvent`: whether Inkstone acted on the key (false: the application should).
    public func processKey(_ key: KeyPress) throws(InkstoneClientError) -> Bool {
        try call("ProcessKeyEvent", replying: "b", { key.write(&$0) }, read: { try $0.readBool() })
    }

    /// `ProcessKeyEventReporting`: the key with its outcome and notifications in the reply.
    public func processKeyReporting(_ key: KeyPress) throws(InkstoneClientError) -> KeyEventReply {
        let (handled, report) = try callReporting(
            "ProcessKeyEvent", plain: "b", { key.write(&$0) }, read: { try $0.readBool() })
        return KeyEventReply(handled: handled, report: report)
    }

    /// `ProcessKeyNames`: keys by keysym name (`g`, `BackSpace`, `Control+Shift+u`); handled per key.
    /// All or nothing: an unknown name processes no key.
    @discardableResult
    public func processKeyNames(_ names: [String]) throws(InkstoneClientError) -> [Bool] {
        try call(
            "ProcessKeyNames", replying: "ab", { $0.append(strings: names) },
            read: { reader in
                try reader.readArray { try $0.readBool() }
            })
    }

    /// `ProcessKeyNamesReporting`: ``processKeyNames(_:)`` with the call's events in the reply.
    public func processKeyNamesReporting(_ names: [String]) throws(InkstoneClientError) -> ([Bool], CallEvents) {
        try callReporting(
            "ProcessKeyNames", plain: "ab", { $0.append(strings: names) },
            read: { reader in
                try reader.readArray { try $0.readBool() }
            })
    }

    /// A prepared `ProcessKeyEvent` (or `ProcessKeyEventReporting` with `reporting`) call for `key`,
    /// to send many times with ``InkstoneConnection/call(_:)`` where building it each time would cost.
    public func keyEventCall(_ key: KeyPress, reporting: Bool = false) throws(InkstoneClientError) -> Message {
        try connection.methodCall(
            path: path, interface: InkstoneNames.contextInterface,
            member: reporting ? "ProcessKeyEventReporting" : "ProcessKeyEvent"
        ) { key.write(&$0) }
    }
}
