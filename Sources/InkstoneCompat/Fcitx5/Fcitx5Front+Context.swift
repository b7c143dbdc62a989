import DBusKit
import InkstoneEngines
import InkstoneService
import InkstoneText

/// `org.fcitx.Fcitx.InputContext1`: every method of fcitx5 5.1 (virtual-keyboard ones
/// answer that no keyboard is shown). Events a call causes are signals sent before its
/// reply; `ProcessKeyEventBatch` carries them in the reply instead.
extension Fcitx5Front {
    func contextTable() -> InterfaceTable {
        var table = InterfaceTable(Fcitx5Event.interface)
        addKeyMethods(&table)
        addFocusMethods(&table)
        addClientMethods(&table)
        addCandidateMethods(&table)
        for (member, signature) in [
            ("CommitString", "s"), ("UpdateFormattedPreedit", "a(si)i"), ("DeleteSurroundingText", "iu"),
            ("ForwardKey", "uub"), ("CurrentIM", "sss"), ("UpdateClientSideUI", "a(si)ia(si)a(si)a(ss)iibb"),
            ("NotifyFocusOut", ""), ("VirtualKeyboardVisibilityChanged", "b"),
        ] {
            table.signal(member, signature: signature)
        }
        return table
    }

    /// Reads `(u keyval, u keycode, u state, b isRelease, u time)`; state bits above the
    /// modifiers (auto-repeat, virtual, handled/ignored marks) are kept for `ForwardKey` only.
    private static func readKey(_ reader: inout MessageReader) throws -> (key: KeyEvent, forwarded: KeyEvent) {
        let keysym = try reader.readUInt32()
        let keycode = try reader.readUInt32()
        let state = try reader.readUInt32()
        let isRelease = try reader.readBool()
        let time = try reader.readUInt32()
        let key = KeyEvent(
            keysym: keysym, keycode: keycode, modifiers: ModifierMask(rawValue: state & 0xff), isRelease: isRelease,
            time: time)
        var forwarded = key
        forwarded.modifiers = ModifierMask(rawValue: state)
        return (key, forwarded)
    }

    private func addKeyMethods(_ table: inout InterfaceTable) {
        table.method("ProcessKeyEvent", input: "uuubu", output: "b") { [unowned self] call, reader in
            let client = try client(for: call)
            let (key, forwarded) = try Self.readKey(&reader)
            let (handled, events) = try client.compat.processKey(key)
            for event in events { try client.emit(event.forwarding(forwarded), on: call.connection) }
            return .write { $0.append(handled) }
        }
        table.method("ProcessKeyEventBatch", input: "uuubu", output: "a(uv)b") { [unowned self] call, reader in
            let client = try client(for: call)
            if !client.batches {
                client.batches = true
                logger.debug(
                    "fcitx5: context \(client.compat.context.id) takes key events in replies (ProcessKeyEventBatch)")
            }
            let (key, forwarded) = try Self.readKey(&reader)
            let (handled, events) = try client.compat.processKey(key)
            // Text, preedit and forwarded keys travel in the reply; the rest as signals.
            var inReply: [ClientEvent] = []
            for event in events {
                if Fcitx5Event.batchType(of: event) == nil {
                    try client.emit(event, on: call.connection)
                } else if client.shows(event) {
                    inReply.append(event.forwarding(forwarded))
                }
            }
            return .write { writer in
                Fcitx5Event.writeBatch(inReply, to: &writer)
                writer.append(handled)
            }
        }
    }

    private func addFocusMethods(_ table: inout InterfaceTable) {
        table.method("FocusIn") { [unowned self] call, _ in
            let client = try client(for: call)
            client.compat.focusIn()
            logger.debug("fcitx5: context \(client.compat.context.id) focus in")
            if client.capability.contains(.getIMInfoOnFocus) {
                try client.emit([.engine(client.compat.engineName)], on: call.connection)
            }
            return .empty
        }
        table.method("FocusOut") { [unowned self] call, _ in
            let client = try client(for: call)
            try client.emit(client.compat.focusOut(), on: call.connection)
            try client.signals.emit("NotifyFocusOut", on: call.connection)
            return .empty
        }
        table.method("Reset") { [unowned self] call, _ in
            let client = try client(for: call)
            try client.emit(client.compat.reset(), on: call.connection)
            return .empty
        }
        table.method("DestroyIC") { [unowned self] call, _ in
            clients.remove(try client(for: call))
            return .empty
        }
    }

    private func addClientMethods(_ table: inout InterfaceTable) {
        table.method("SetCapability", input: "t") { [unowned self] call, reader in
            let client = try client(for: call)
            client.capability = Fcitx5Capability.sanitized(try reader.readUInt64(), supported: client.supported)
            logger.debug(
                "fcitx5: context \(client.compat.context.id) capability 0x\(String(client.capability.rawValue, radix: 16))"
            )
            return .empty
        }
        table.method("SetSupportedCapability", input: "t") { [unowned self] call, reader in
            try client(for: call).supported = try reader.readUInt64()
            return .empty
        }
        // X11 clients send screen coordinates, Wayland ones (V2, `RelativeRect`) coordinates
        // relative to the toplevel window; both already multiplied by the window's scale.
        table.method("SetCursorRect", input: "iiii") { [unowned self] call, reader in
            let client = try client(for: call)
            try clients.setCursorRect(of: client, try reader.readCursorRect(), scale: 1)
            return .empty
        }
        table.method("SetCursorRectV2", input: "iiiid") { [unowned self] call, reader in
            let client = try client(for: call)
            let rect = try reader.readCursorRect()
            try clients.setCursorRect(of: client, rect, scale: try reader.readDouble())
            return .empty
        }
        table.method("SetSurroundingText", input: "suu") { [unowned self] call, reader in
            let client = try client(for: call)
            let text = try reader.readString()
            let cursor = Int(try reader.readUInt32())
            let anchor = Int(try reader.readUInt32())
            try client.compat.setSurroundingText(text, cursor: cursor, anchor: anchor)
            return .empty
        }
        table.method("SetSurroundingTextPosition", input: "uu") { [unowned self] call, reader in
            let client = try client(for: call)
            let cursor = Int(try reader.readUInt32())
            let anchor = Int(try reader.readUInt32())
            try client.compat.setSurroundingPosition(cursor: cursor, anchor: anchor)
            return .empty
        }
        table.method("InvokeAction", input: "ui") { [unowned self] call, _ in
            _ = try client(for: call)
            return .empty
        }
        table.method("IsVirtualKeyboardVisible", output: "b") { [unowned self] call, _ in
            _ = try client(for: call)
            return .write { $0.append(false) }
        }
        for member in ["ShowVirtualKeyboard", "HideVirtualKeyboard"] {
            table.method(member) { [unowned self] call, _ in
                _ = try client(for: call)
                return .empty
            }
        }
    }

    private func addCandidateMethods(_ table: inout InterfaceTable) {
        table.method("SelectCandidate", input: "i") { [unowned self] call, reader in
            let client = try client(for: call)
            try client.emit(try client.compat.selectCandidate(Int(try reader.readInt32())), on: call.connection)
            return .empty
        }
        for (member, forward) in [("NextPage", true), ("PrevPage", false)] {
            table.method(member) { [unowned self] call, _ in
                let client = try client(for: call)
                try client.emit(try client.compat.turnPage(forward: forward), on: call.connection)
                return .empty
            }
        }
    }
}

extension ClientEvent {
    /// A forwarded key carries the client's full state bits (auto-repeat and the rest).
    func forwarding(_ original: KeyEvent) -> ClientEvent {
        if case .forwardKey = self { return .forwardKey(original) }
        return self
    }
}
