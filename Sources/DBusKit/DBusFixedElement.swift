import CSystemd

/// A fixed-size D-Bus type whose arrays sd-bus writes as one block
/// (``MessageWriter/appendFixedArray(_:)``).
public protocol DBusFixedElement {
    /// The D-Bus type code (`y`, `x`, `t`).
    static var typeCode: CChar { get }
}

extension UInt8: DBusFixedElement {
    /// `y`.
    public static var typeCode: CChar { CSD_TYPE_BYTE }
}

extension Int64: DBusFixedElement {
    /// `x`.
    public static var typeCode: CChar { CSD_TYPE_INT64 }
}

extension UInt64: DBusFixedElement {
    /// `t`.
    public static var typeCode: CChar { CSD_TYPE_UINT64 }
}
