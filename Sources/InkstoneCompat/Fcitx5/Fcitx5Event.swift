import DBusKit
import InkstoneService
import InkstoneText

/// How ``ClientEvent``s travel on the fcitx5 protocol: as `InputContext1` signals, or as
/// the `a(uv)` entries of a `ProcessKeyEventBatch` reply. Preedit cursors are UTF-8 bytes,
/// surrounding offsets code points.
enum Fcitx5Event {
    /// The `InputContext1` interface.
    static let interface = "org.fcitx.Fcitx.InputContext1"

    /// The batch entry type of an event, nil for events that always travel as signals.
    static func batchType(of event: ClientEvent) -> UInt32? {
        switch event {
        case .commit: 0
        case .preedit: 1
        case .forwardKey: 2
        case .deleteSurrounding: 3
        case .candidates, .engine: nil
        }
    }

    /// Sends `event` as its signal through `signals` (the context's, unicast to its
    /// creator); nothing for a candidate page the client does not draw.
    static func emit(
        _ event: ClientEvent, through signals: ClientSignals, capability: Fcitx5Capability, on connection: Connection
    ) throws {
        let member: String
        switch event {
        case .commit: member = "CommitString"
        case .preedit: member = "UpdateFormattedPreedit"
        case .forwardKey: member = "ForwardKey"
        case .deleteSurrounding: member = "DeleteSurroundingText"
        case .candidates:
            guard capability.contains(.clientSideInputPanel) else { return }
            member = "UpdateClientSideUI"
        case .engine: member = "CurrentIM"
        }
        try signals.emit(member, on: connection) { writeArguments(of: event, to: &$0) }
    }

    /// Writes the signal arguments of `event` (for the batch, the variant's content).
    static func writeArguments(of event: ClientEvent, to writer: inout MessageWriter) {
        switch event {
        case .commit(let text):
            writer.append(text)
        case .preedit(let preedit):
            writer.appendArray(of: "(si)") { array in
                for segment in preedit.segments {
                    array.appendStruct {
                        $0.append(segment.text)
                        $0.append(format(of: segment.style))
                    }
                }
            }
            writer.append(Int32(preedit.cursorUTF8))
        case .forwardKey(let key):
            writer.append(key.keysym)
            writer.append(key.modifiers.rawValue)
            writer.append(key.isRelease)
        case .deleteSurrounding(let offset, let count):
            writer.append(Int32(clamping: offset))
            writer.append(UInt32(clamping: count))
        case .candidates(let page):
            writeClientSideUI(page, to: &writer)
        case .engine(let name):
            writer.append(name.name)
            writer.append(name.id)
            writer.append(name.language)
        }
    }

    /// The signature of a batch entry's variant.
    static func batchSignature(of event: ClientEvent) -> String {
        switch event {
        case .commit: "s"
        case .preedit: "(a(si)i)"
        case .forwardKey: "(uub)"
        case .deleteSurrounding: "(iu)"
        case .candidates, .engine: ""
        }
    }

    /// Writes the `a(uv)` batch of `events` (those that travel in it), in order.
    static func writeBatch(_ events: [ClientEvent], to writer: inout MessageWriter) {
        writer.appendArray(of: "(uv)") { array in
            for event in events {
                guard let type = batchType(of: event) else { continue }
                array.appendStruct { entry in
                    entry.append(type)
                    let signature = batchSignature(of: event)
                    entry.appendVariant(signature: signature) { variant in
                        if signature.hasPrefix("(") {
                            variant.appendStruct { writeArguments(of: event, to: &$0) }
                        } else {
                            writeArguments(of: event, to: &variant)
                        }
                    }
                }
            }
        }
    }

    /// `UpdateClientSideUI(a(si)ia(si)a(si)a(ss)iibb)`: no preedit or aux text (the preedit
    /// is inline), the candidates as (label, text) pairs, the cursor, no layout hint, paging.
    private static func writeClientSideUI(_ page: CandidatesSnapshot, to writer: inout MessageWriter) {
        writer.appendArray(of: "(si)") { _ in }
        writer.append(Int32(-1))
        writer.appendArray(of: "(si)") { _ in }
        writer.appendArray(of: "(si)") { _ in }
        writer.appendArray(of: "(ss)") { array in
            for item in page.items {
                array.appendStruct { entry in
                    entry.append("\(item.label). ")
                    entry.append(item.annotation.isEmpty ? item.text : "\(item.text) \(item.annotation)")
                }
            }
        }
        writer.append(page.items.isEmpty ? Int32(-1) : page.cursor)
        writer.append(Int32(0))
        writer.append(page.hasPrev)
        writer.append(page.hasNext)
    }

    /// The format flags of a preedit run.
    static func format(of style: MarkedStyle) -> Int32 {
        switch style {
        case .highlight: Fcitx5TextFormat.highlight
        case .plain: Fcitx5TextFormat.none
        default: Fcitx5TextFormat.underline
        }
    }
}
