import CSystemd
import Glibc

/// Checks names, paths, signatures and strings before sd-bus sees them.
///
/// sd-bus refuses an invalid value with a bare `errno` (and marks a message it was
/// written into as unusable); these checks come first and throw ``DBusKitError``
/// (`InvalidArgs`) naming what was wrong. Names and paths use sd-bus's own validators,
/// signatures the rules of the D-Bus specification. A Swift string with U+0000 is
/// refused everywhere: a D-Bus string cannot carry it.
public enum DBusValidation {
    /// Throws unless `path` is a valid object path (`/`, `/a/b_1`, …).
    public static func objectPath(_ path: String) throws(DBusKitError) {
        try check(path, what: "object path") { sd_bus_object_path_is_valid($0) }
    }

    /// Throws unless `name` is a valid bus name (unique `:1.5` or well-known `org.example.App`).
    public static func busName(_ name: String) throws(DBusKitError) {
        try check(name, what: "bus name") { sd_bus_service_name_is_valid($0) }
    }

    /// Throws unless `name` is a valid interface name (`org.example.Iface`).
    public static func interface(_ name: String) throws(DBusKitError) {
        try check(name, what: "interface name") { sd_bus_interface_name_is_valid($0) }
    }

    /// Throws unless `name` is a valid member (method, signal or property) name.
    public static func member(_ name: String) throws(DBusKitError) {
        try check(name, what: "member name") { sd_bus_member_name_is_valid($0) }
    }

    /// Throws unless `name` is a valid error name (`org.example.Error.Failed`).
    public static func errorName(_ name: String) throws(DBusKitError) {
        try check(name, what: "error name") { sd_bus_interface_name_is_valid($0) }
    }

    /// Throws unless `signature` is a valid type signature (any number of complete types).
    public static func signature(_ signature: String) throws(DBusKitError) {
        try check(signature, what: "signature") { _ in SignatureGrammar.completeTypes(signature) ? 1 : 0 }
    }

    /// Throws unless `string` is something a D-Bus string can carry. A Swift
    /// string is always valid UTF-8 (no surrogates, nothing past U+10FFFF), so
    /// U+0000 is the one thing to refuse; this runs for every string written,
    /// so it is one scan and no copy.
    public static func string(_ string: String) throws(DBusKitError) {
        if containsNUL(string) { throw .invalidArgs("the string contains U+0000, which D-Bus cannot carry") }
    }

    /// Whether `string` contains U+0000.
    public static func containsNUL(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? string.utf8.contains(0)
    }

    /// Runs `validate` (non-zero: valid) on `value` as a C string, after refusing U+0000.
    static func check(
        _ value: String, what: String, _ validate: (UnsafePointer<CChar>) -> Int32
    ) throws(DBusKitError) {
        let failure: DBusKitError? = value.withCString { cString in
            if strlen(cString) != value.utf8.count {
                return .invalidArgs("the \(what) contains U+0000, which D-Bus cannot carry")
            }
            guard validate(cString) <= 0 else { return nil }
            return .invalidArgs("invalid \(what) '\(printable(value))'")
        }
        if let failure { throw failure }
    }

    /// `value` shortened to 64 characters for an error message.
    private static func printable(_ value: String) -> String {
        value.count <= 64 ? value : String(value.prefix(64)) + "…"
    }
}
