import CSystemd

/// Tables for `org.freedesktop.DBus.Properties`, `.Introspectable` and `.Peer`.
enum StandardInterfaces {
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let peer = "org.freedesktop.DBus.Peer"
    static let names = [properties, introspectable, peer]

    static func tables(own: [String: InterfaceTable], introspectionXML: String) -> [InterfaceTable] {
        [propertiesTable(own), introspectableTable(introspectionXML), peerTable()]
    }

    private static func lookup(
        _ own: [String: InterfaceTable], _ interface: String, _ name: String
    ) throws -> InterfaceTable.Property {
        guard let table = own[interface] else {
            throw DBusKitError(name: DBusErrorName.unknownInterface, message: "No such interface '\(interface)'")
        }
        guard let property = table.properties[name] else {
            throw DBusKitError(
                name: DBusErrorName.unknownProperty, message: "No such property '\(name)' in interface '\(interface)'")
        }
        return property
    }

    private static func propertiesTable(_ own: [String: InterfaceTable]) -> InterfaceTable {
        var table = InterfaceTable(properties)
        table.method("Get", input: "ss", output: "v") { call, reader in
            let interface = try reader.readString()
            let name = try reader.readString()
            let property = try lookup(own, interface, name)
            return .write { writer in
                try writer.appendVariant(signature: property.signature) { try property.get(call, &$0) }
            }
        }
        table.method("GetAll", input: "s", output: "a{sv}") { call, reader in
            let interface = try reader.readString()
            guard let found = own[interface] else {
                throw DBusKitError(name: DBusErrorName.unknownInterface, message: "No such interface '\(interface)'")
            }
            return .write { writer in
                try writer.appendArray(of: "{sv}") { array in
                    for name in found.properties.keys.sorted() {
                        guard let property = found.properties[name] else { continue }
                        try array.appendDictEntry { entry in
                            entry.append(name)
                            try entry.appendVariant(signature: property.signature) { try property.get(call, &$0) }
                        }
                    }
                }
            }
        }
        table.method("Set", input: "ssv") { call, reader in
            let interface = try reader.readString()
            let name = try reader.readString()
            let property = try lookup(own, interface, name)
            guard let set = property.set else {
                throw DBusKitError(name: DBusErrorName.propertyReadOnly, message: "Property '\(name)' is read-only")
            }
            try reader.readVariant { signature, inner in
                guard signature == property.signature else {
                    throw DBusKitError.invalidArgs(
                        "Property '\(name)' has type '\(property.signature)', got '\(signature)'")
                }
                try set(call, &inner)
            }
            return .empty
        }
        table.signal("PropertiesChanged", signature: "sa{sv}as")
        return table
    }

    private static func introspectableTable(_ xml: String) -> InterfaceTable {
        var table = InterfaceTable(introspectable)
        table.method("Introspect", output: "s") { _, _ in .string(xml) }
        return table
    }

    private static func peerTable() -> InterfaceTable {
        var table = InterfaceTable(peer)
        table.method("Ping") { _, _ in .empty }
        table.method("GetMachineId", output: "s") { _, _ in
            var machineID = [CChar](repeating: 0, count: 33)
            guard csd_machine_id(&machineID) >= 0 else { throw DBusKitError.failed("no machine id") }
            return .string(String(decoding: machineID.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return table
    }
}

/// Writes introspection XML from tables (used when no XML is given).
enum IntrospectionWriter {
    static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    static func xml(for tables: [InterfaceTable], children: [String] = []) -> String {
        var lines = [doctype, "<node>"]
        for table in tables.sorted(by: { $0.name < $1.name }) {
            lines.append("  <interface name=\"\(table.name)\">")
            for member in table.members {
                switch member.kind {
                case .method:
                    lines.append("    <method name=\"\(member.member)\">")
                    lines += arguments(member.signature).map { "      <arg type=\"\($0)\" direction=\"in\"/>" }
                    lines += arguments(member.detail).map { "      <arg type=\"\($0)\" direction=\"out\"/>" }
                    lines.append("    </method>")
                case .property:
                    let access = member.detail == "read" ? "read" : "readwrite"
                    lines.append(
                        "    <property name=\"\(member.member)\" type=\"\(member.signature)\" access=\"\(access)\"/>")
                case .signal:
                    lines.append("    <signal name=\"\(member.member)\">")
                    lines += arguments(member.signature).map { "      <arg type=\"\($0)\"/>" }
                    lines.append("    </signal>")
                }
            }
            lines.append("  </interface>")
        }
        lines += children.map { "  <node name=\"\($0)\"/>" }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `xml` with a `<node name=…/>` per child before its closing `</node>`.
    static func adding(children: [String], to xml: String) -> String {
        var body = Substring(xml)
        while body.last?.isWhitespace == true { body.removeLast() }
        guard body.hasSuffix("</node>") else { return xml }
        let nodes = children.map { "  <node name=\"\($0)\"/>\n" }.joined()
        return body.dropLast("</node>".count) + nodes + "</node>\n"
    }

    /// Splits a signature into complete types.
    static func arguments(_ signature: String) -> [String] {
        var types: [String] = []
        var current = ""
        var depth = 0
        for character in signature {
            current.append(character)
            switch character {
            case "(", "{": depth += 1
            case ")", "}": depth -= 1
            default: break
            }
            if depth == 0 && character != "a" {
                types.append(current)
                current = ""
            }
        }
        return types
    }
}
