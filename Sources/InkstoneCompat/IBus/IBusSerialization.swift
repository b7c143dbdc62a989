import DBusKit
import InkstoneService

/// IBus objects as they travel in variants: `(s a{sv} …)`, the type name, an empty
/// attachment dictionary, then the fields. Every offset is in code points.
enum IBusSerialization {
    /// Underline attribute type, single-underline value.
    static let underlineType: UInt32 = 1
    static let underlineSingle: UInt32 = 1

    /// Writes `v` holding an `IBusText` of `text`, with a single underline over
    /// `underlined` (code points, end exclusive) when given.
    static func appendText(_ text: String, underlined: Range<Int>? = nil, to writer: inout MessageWriter) {
        writer.appendVariant(signature: "(sa{sv}sv)") { variant in
            variant.appendStruct { fields in
                fields.append("IBusText")
                fields.append(vardict: [:])
                fields.append(text)
                fields.appendVariant(signature: "(sa{sv}av)") { attrList in
                    attrList.appendStruct { list in
                        list.append("IBusAttrList")
                        list.append(vardict: [:])
                        list.appendArray(of: "v") { attributes in
                            guard let underlined, !underlined.isEmpty else { return }
                            attributes.appendVariant(signature: "(sa{sv}uuuu)") { attribute in
                                attribute.appendStruct { fields in
                                    fields.append("IBusAttribute")
                                    fields.append(vardict: [:])
                                    fields.append(underlineType)
                                    fields.append(underlineSingle)
                                    fields.append(UInt32(underlined.lowerBound))
                                    fields.append(UInt32(underlined.upperBound))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Reads the text of an `IBusText` variant (`(sa{sv}sv)`); other shapes are `InvalidArgs`.
    static func readText(_ reader: inout MessageReader) throws -> String {
        try reader.readVariant { signature, inner in
            guard signature == "(sa{sv}sv)" else {
                throw DBusKitError.invalidArgs("expected an IBusText (sa{sv}sv), got \(signature)")
            }
            return try inner.readStruct { fields in
                _ = try fields.readString()
                _ = try fields.readVardict()
                let text = try fields.readString()
                _ = try fields.readValue()
                return text
            }
        }
    }

    /// Writes `v` holding an `IBusLookupTable` of the visible page (labels and candidates
    /// as `IBusText`s), horizontal, cursor shown.
    static func appendLookupTable(_ page: CandidatesSnapshot, to writer: inout MessageWriter) {
        writer.appendVariant(signature: "(sa{sv}uubbiavav)") { variant in
            variant.appendStruct { fields in
                fields.append("IBusLookupTable")
                fields.append(vardict: [:])
                fields.append(UInt32(max(page.items.count, 1)))
                fields.append(UInt32(max(page.cursor, 0)))
                fields.append(true)
                fields.append(false)
                fields.append(Int32(0))
                fields.appendArray(of: "v") { array in
                    for item in page.items {
                        appendText(item.annotation.isEmpty ? item.text : "\(item.text) \(item.annotation)", to: &array)
                    }
                }
                fields.appendArray(of: "v") { array in
                    for item in page.items { appendText(item.label, to: &array) }
                }
            }
        }
    }

    /// The fields of an `IBusEngineDesc` after its attachments, in libibus's serialisation
    /// order: name, longname, description, language, license, author, icon, layout, rank,
    /// hotkeys, symbol, setup, layout_variant, layout_option, version, textdomain, icon_prop_key.
    static let engineDescSignature =
        "(sa{sv}" + String(repeating: "s", count: 8) + "u"
        + String(repeating: "s", count: 8) + ")"

    /// Writes `v` holding an `IBusEngineDesc` of `engine` (`GetEngine`): its id as the
    /// name, its display name as the long name, its language; the keyboard layout is
    /// `default` (the client's own) and the other fields are empty.
    static func appendEngineDesc(_ engine: EngineName, to writer: inout MessageWriter) {
        writer.appendVariant(signature: engineDescSignature) { variant in
            variant.appendStruct { fields in
                fields.append("IBusEngineDesc")
                fields.append(vardict: [:])
                let description = "\(engine.name) (Inkstone)"
                for text in [engine.id, engine.name, description, engine.language, "", "", "", "default"] {
                    fields.append(text)
                }
                fields.append(UInt32(0))  // rank
                for _ in 0..<8 { fields.append("") }
            }
        }
    }
}
