import DBusKit
import InkstoneService

/// The live-pattern members of `org.inkstone.InputContext1`.
extension InputContextObject {
    static func addPatternMethods(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.method("RegisterPattern", input: "ss") { context, reader in
            let name = try reader.readString()
            let pattern = try reader.readString()
            try context.registerPattern(name: name, pattern: pattern)
            return .empty
        }
        builder.method("UnregisterPattern", input: "s") { context, reader in
            try context.unregisterPattern(name: try reader.readString())
            return .empty
        }
    }
}
