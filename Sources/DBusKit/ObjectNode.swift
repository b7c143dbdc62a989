/// What lives at a path an ``ExportedObject`` serves, for objects whose tree changes at run
/// time (a subtree of live objects): introspection lists the live children, and a path with
/// nothing behind it answers an error to every call instead of the interface's XML.
public enum ObjectNode: Sendable {
    /// An object with the exported interfaces, and the names of its child nodes.
    case object(children: [String])
    /// A node with no interfaces of its own (e.g. the root of a subtree): `Introspect`
    /// lists its children; every other call gets `error`.
    case container(children: [String], error: DBusKitError)
    /// Nothing: every call gets `error`.
    case absent(DBusKitError)
}
