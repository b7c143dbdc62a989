import Glibc

/// Which bus the daemon connects to.
public enum BusAddress {
    /// `explicit` if given, else `DBUS_STARTER_ADDRESS` (set by bus activation),
    /// else `DBUS_SESSION_BUS_ADDRESS`; nil when none is set.
    public static func resolve(explicit: String?) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        for variable in ["DBUS_STARTER_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] {
            if let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return nil
    }
}
