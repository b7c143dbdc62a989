import DBusKit
import InkstoneEngines
import InkstoneService
import InkstoneText

/// `org.freedesktop.IBus.InputContext` of the portal. Key state carries the release flag
/// (`1 << 30`); keycodes are evdev codes (the X11 keycode is 8 more). Every offset is in
/// code points.
extension IBusPortalFront {
    /// `IBUS_RELEASE_MASK`.
    static let releaseMask: UInt32 = 1 << 30

    func contextTable() -> InterfaceTable {
        var table = InterfaceTable(Self.contextInterface)
        table.method("ProcessKeyEvent", input: "uuu", output: "b") { [unowned self] call, reader in
            let client = try client(for: call)
            let keysym = try reader.readUInt32()
            let keycode = try reader.readUInt32()
            let state = try reader.readUInt32()
            let key = KeyEvent(
                keysym: keysym, keycode: keycode + 8, modifiers: ModifierMask(rawValue: state & 0xff),
                isRelease: state & Self.releaseMask != 0, time: 0)
            let (handled, events) = try client.compat.processKey(key)
            try client.emit(events, on: call.connection)
            return .write { $0.append(handled) }
        }
        // Screen coordinates (X11) or relative to the toplevel window (Wayland), both
        // already multiplied by the window's scale.
        for member in ["SetCursorLocation", "SetCursorLocationRelative"] {
            table.method(member, input: "iiii") { [unowned self] call, reader in
                let client = try client(for: call)
                try clients.setCursorRect(of: client, try reader.readCursorRect(), scale: 1)
                return .empty
            }
        }
        table.method("FocusIn") { [unowned self] call, _ in
            let client = try client(for: call)
            client.compat.focusIn()
            logger.debug("ibus: context \(client.compat.context.id) focus in")
            return .empty
        }
        table.method("FocusOut") { [unowned self] call, _ in
            let client = try client(for: call)
            try client.emit(client.compat.focusOut(), on: call.connection)
            return .empty
        }
        table.method("Reset") { [unowned self] call, _ in
            let client = try client(for: call)
            try client.emit(client.compat.reset(), on: call.connection)
            return .empty
        }
        table.method("SetCapabilities", input: "u") { [unowned self] call, reader in
            let client = try client(for: call)
            let capabilities = try reader.readUInt32()
            let asksForSurrounding =
                capabilities & IBusClient.surroundingTextCapability != 0
                && client.capabilities & IBusClient.surroundingTextCapability == 0
            client.capabilities = capabilities
            // libibus clients send surrounding text only once the engine asked for it.
            if asksForSurrounding {
                try client.signals.emit("RequireSurroundingText", on: call.connection)
            }
            return .empty
        }
        table.method("SetEngine", input: "s") { [unowned self] call, reader in
            let client = try client(for: call)
            try client.emit(try client.compat.setEngine(try reader.readString()), on: call.connection)
            return .empty
        }
        table.method("GetEngine", output: "v") { [unowned self] call, _ in
            let client = try client(for: call)
            return .write { IBusSerialization.appendEngineDesc(client.compat.engineName, to: &$0) }
        }
        table.method("SetSurroundingText", input: "vuu") { [unowned self] call, reader in
            let client = try client(for: call)
            let text = try IBusSerialization.readText(&reader)
            let cursor = Int(try reader.readUInt32())
            let anchor = Int(try reader.readUInt32())
            try client.compat.setSurroundingText(text, cursor: cursor, anchor: anchor)
            return .empty
        }
        table.method("PropertyActivate", input: "su") { [unowned self] call, _ in
            _ = try client(for: call)
            return .empty
        }
        table.method("ProcessHandWritingEvent", input: "ad") { [unowned self] call, _ in
            _ = try client(for: call)
            return .empty
        }
        table.method("CancelHandWriting", input: "u") { [unowned self] call, _ in
            _ = try client(for: call)
            return .empty
        }
        addProperties(&table)
        for (member, signature) in [
            ("CommitText", "v"), ("ForwardKeyEvent", "uuu"), ("UpdatePreeditText", "vub"),
            ("UpdatePreeditTextWithMode", "vubu"), ("ShowPreeditText", ""), ("HidePreeditText", ""),
            ("UpdateAuxiliaryText", "vb"), ("ShowAuxiliaryText", ""), ("HideAuxiliaryText", ""),
            ("UpdateLookupTable", "vb"), ("ShowLookupTable", ""), ("HideLookupTable", ""),
            ("DeleteSurroundingText", "iu"), ("RequireSurroundingText", ""),
        ] {
            table.signal(member, signature: signature)
        }
        return table
    }

    private func addProperties(_ table: inout InterfaceTable) {
        table.property(
            "ClientCommitPreedit", signature: "(b)",
            getWithCall: { [unowned self] call, writer in
                let client = try client(for: call)
                writer.appendStruct { $0.append(client.compat.clientCommitsPreedit) }
            },
            set: { [unowned self] call, reader in
                let client = try client(for: call)
                client.compat.clientCommitsPreedit = try reader.readStruct { try $0.readBool() }
            })
        table.property(
            "ContentType", signature: "(uu)",
            getWithCall: { [unowned self] call, writer in
                let client = try client(for: call)
                writer.appendStruct {
                    $0.append(client.contentType.purpose)
                    $0.append(client.contentType.hints)
                }
            },
            set: { [unowned self] call, reader in
                let client = try client(for: call)
                client.contentType = try reader.readStruct { (try $0.readUInt32(), try $0.readUInt32()) }
            })
    }
}

extension IBusClient {
    /// Sends `events` as IBus signals to the creator.
    func emit(_ events: [ClientEvent], on connection: Connection) throws {
        for event in events {
            try emit(event, on: connection)
        }
    }

    private func emit(_ event: ClientEvent, on connection: Connection) throws {
        switch event {
        case .commit(let text):
            try signals.emit("CommitText", on: connection) { IBusSerialization.appendText(text, to: &$0) }
        case .preedit(let preedit):
            guard capabilities & Self.preeditCapability != 0 else { return }
            let text = preedit.text
            let member = compat.clientCommitsPreedit ? "UpdatePreeditTextWithMode" : "UpdatePreeditText"
            try signals.emit(member, on: connection) { writer in
                IBusSerialization.appendText(text, underlined: 0..<preedit.length, to: &writer)
                writer.append(UInt32(preedit.cursor))
                writer.append(!text.isEmpty)
                // Mode COMMIT: the client keeps what was typed on focus-out, as the daemon would.
                if compat.clientCommitsPreedit { writer.append(UInt32(1)) }
            }
        case .forwardKey(let key):
            try signals.emit("ForwardKeyEvent", on: connection) { writer in
                writer.append(key.keysym)
                writer.append(key.keycode >= 8 ? key.keycode - 8 : 0)
                writer.append(key.modifiers.rawValue | (key.isRelease ? IBusPortalFront.releaseMask : 0))
            }
        case .deleteSurrounding(let offset, let count):
            try signals.emit("DeleteSurroundingText", on: connection) { writer in
                writer.append(Int32(clamping: offset))
                writer.append(UInt32(clamping: count))
            }
        case .candidates(let page):
            guard capabilities & Self.lookupTableCapability != 0 else { return }
            try signals.emit("UpdateLookupTable", on: connection) { writer in
                IBusSerialization.appendLookupTable(page, to: &writer)
                writer.append(!page.items.isEmpty)
            }
        case .engine:
            break
        }
    }
}
