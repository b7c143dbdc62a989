import DBusKit
import InkstoneService
import InkstoneText

/// The attributed-text members of `org.inkstone.InputContext1`.
extension InputContextObject {
    static func addAttributeMethods(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.method("SetAttributes", input: "xxa{sv}as") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let set = try reader.readAttributes()
            let remove = try reader.readStrings()
            try context.setAttributes(set, removing: remove, start: start, length: length)
            return .empty
        }
        builder.method("GetAttributedText", input: "xx", output: "sa(xxa{sv})") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let (text, runs) = try context.attributedText(start: start, length: length)
            return .write { writer in
                writer.append(text)
                writer.append(runs: runs)
            }
        }
        builder.method("AttributesAt", input: "x", output: "a{sv}") { context, reader in
            let attributes = try context.attributes(at: try reader.readInt())
            return .write { $0.append(attributes: attributes) }
        }
        builder.reportingMethod("ReplaceRangeWithAttributed", input: "xxsa(xxa{sv})t", output: "tt") {
            context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let text = try reader.readString()
            let runs = try reader.readAttributedRuns(in: context.unit)
            let expected = try reader.readUInt64()
            return .receipt(
                try context.replaceRangeWithAttributed(
                    start: start, length: length, with: text, runs: runs, expectedRevision: expected))
        }
        builder.method("SetTypingAttributes", input: "a{sv}") { context, reader in
            try context.setTypingAttributes(try reader.readAttributes())
            return .empty
        }
        builder.method("ToggleAttribute", input: "sv", output: "b") { context, reader in
            let key = try reader.readString()
            let value = try reader.readVariant { _, inner in try inner.readValue() }
            return .bool(try context.toggleAttribute(key, value: try AttributeValue(dbus: value, key: key)))
        }
        builder.method("SelectionAttributes", output: "a{s(vb)}") { context, _ in
            let attributes = context.selectionAttributes()
            return .write { writer in
                writer.appendArray(of: "{s(vb)}") { array in
                    for key in attributes.keys.sorted() {
                        guard let entry = attributes[key] else { continue }
                        array.appendDictEntry { pair in
                            pair.append(key)
                            pair.appendStruct { fields in
                                fields.append(DBusValue.variant(entry.value.dbusValue))
                                fields.append(entry.uniform)
                            }
                        }
                    }
                }
            }
        }
        builder.method("SetFormattingDefinition", input: "a{sv}") { context, reader in
            try context.setFormattingDefinition(try FormattingDefinition.fromDBus(try reader.readVardict()))
            return .empty
        }
        builder.signal("AttributesWillChange", signature: "")
        builder.signal("AttributesDidChange", signature: "xxas")
        builder.property("TypingAttributes", signature: "a{sv}") { context, writer in
            writer.append(attributes: context.typingAttributes)
        }
    }
}
