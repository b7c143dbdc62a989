import CDBus

/// A fixed-size D-Bus type whose arrays libdbus writes as one block
/// (``MessageWriter/appendFixedArray(_:)``).
public protocol DBusFixedElement {
    /// The D-Bus type code (`DBUS_TYPE_…`).
    static var typeCode: Int32 { get }
    /// The one-letter signature (a literal: NUL-terminated, as libdbus reads it).
    static var signature: StaticString { get }
}

extension UInt8: DBusFixedElement {
    /// `y`.
    public static var typeCode: Int32 { CDBUS_TYPE_BYTE }
    /// `y`.
    public static var signature: StaticString { "y" }
}

extension Int64: DBusFixedElement {
    /// `x`.
    public static var typeCode: Int32 { CDBUS_TYPE_INT64 }
    /// `x`.
    public static var signature: StaticString { "x" }
}

extension UInt64: DBusFixedElement {
    /// `t`.
    public static var typeCode: Int32 { CDBUS_TYPE_UINT64 }
    /// `t`.
    public static var signature: StaticString { "t" }
}
