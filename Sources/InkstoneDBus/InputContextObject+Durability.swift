import DBusKit
import InkstoneService

extension InputContextObject {
    /// The `RestoreToken` property: what `RestoreDocument` takes to open the document again.
    static func addDurabilityMembers(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.property("RestoreToken", signature: "s") { context, writer in writer.append(context.restoreToken) }
    }
}
