import DBusKit
import InkstoneService

/// The service object `/org/inkstone/Inkstone1` and its interface tables.
public enum ServiceObject {
    /// The well-known bus name.
    public static let busName = "org.inkstone.Inkstone1"
    /// The object path.
    public static let path = "/org/inkstone/Inkstone1"
    /// The main interface.
    public static let interface = "org.inkstone.Inkstone1"

    /// The `org.inkstone.Inkstone1` table: `GetVersion() → s`, property `Version` (s, read).
    public static func serviceTable(version: String = InkstoneVersion.current) -> InterfaceTable {
        var table = InterfaceTable(interface)
        table.method("GetVersion", output: "s") { _, _ in .string(version) }
        table.property("Version", signature: "s", get: { $0.append(version) })
        return table
    }

    /// The exported object, serving ``InkstoneIntrospection/xml`` as its introspection data.
    public static func make() -> ExportedObject {
        ExportedObject(
            interfaces: [serviceTable()],
            introspectionXML: InkstoneIntrospection.xml + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:))
    }

    /// Every exported (interface, member, kind, signature, detail), one tab-separated line each.
    public static func interfaceListing() -> String {
        make().members.map(\.description).joined(separator: "\n") + "\n"
    }
}
