import DBusKit
import InkstoneService

/// Undo-stack control members of `org.inkstone.InputContext1`.
extension InputContextObject {
    static func addUndoControlMethods(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.method("ClearUndo") { context, _ in
            context.clearUndo()
            return .empty
        }
        builder.method("SetUndoRegistration", input: "b") { context, reader in
            context.setUndoRegistration(try reader.readBool())
            return .empty
        }
    }
}
