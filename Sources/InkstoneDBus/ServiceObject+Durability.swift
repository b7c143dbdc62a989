import DBusKit
import InkstoneService

extension ServiceObject {
    /// `RestoreDocument`: a new context, owned by the caller, on the durable document a token names.
    static func addDurabilityMethods(to table: inout InterfaceTable, service: InkstoneService) {
        table.method("RestoreDocument", input: "s", output: "o") { call, reader in
            let token = try reader.readString()
            let context = try service.restoreDocument(token: token, owner: call.sender)
            return .write { $0.append(objectPath: ObjectPaths.context(context.id)) }
        }
    }
}
