/// What lives at a path an ``ExportedObject`` serves, for objects whose tree changes at run
/// time (a subtree of live objects): introspection lists the live children, and a path with
/// nothing behind it answers an error to every call instead of the interface's XML.
///
/// Sendable although ``found(_:)`` holds any object: a node goes from the lookup to the
/// handler of the same call, on the thread that dispatches it.
public enum ObjectNode: @unchecked Sendable {
    /// An object with the exported interfaces, and the names of its child nodes.
    case object(children: [String])
    /// An object with the exported interfaces and no children, which the lookup found:
    /// the call's handler gets it as ``MethodCall/target`` and need not find it again.
    case found(AnyObject)
    /// A node with no interfaces of its own (e.g. the root of a subtree): `Introspect`
    /// lists its children; every other call gets `error`.
    case container(children: [String], error: DBusKitError)
    /// Nothing: every call gets `error`.
    case absent(DBusKitError)
}
