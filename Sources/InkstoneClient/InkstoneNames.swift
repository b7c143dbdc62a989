/// The daemon's well-known names: the one place a client spells them.
public enum InkstoneNames {
    /// The bus name `inkstoned` owns.
    public static let busName = "org.inkstone.Inkstone1"
    /// The path of the service object.
    public static let servicePath = "/org/inkstone/Inkstone1"
    /// The service interface (contexts, documents, engines, status).
    public static let serviceInterface = "org.inkstone.Inkstone1"
    /// The interface of an input context.
    public static let contextInterface = "org.inkstone.InputContext1"
    /// The interface of a shared document.
    public static let documentInterface = "org.inkstone.Document1"
    /// The interface a client exports to answer geometry questions.
    public static let geometryProviderInterface = "org.inkstone.GeometryProvider1"
    /// The prefix of every error name the daemon replies with (`org.inkstone.Error.InvalidRange`, …).
    public static let errorPrefix = "org.inkstone.Error."
    /// The prefix of context paths (`…/context/N`).
    public static let contextPathPrefix = servicePath + "/context/"
    /// `org.freedesktop.DBus.Properties`.
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// `org.freedesktop.DBus.Peer`.
    public static let peerInterface = "org.freedesktop.DBus.Peer"

    /// The full error name of an Inkstone error (`"InvalidRange"` → `org.inkstone.Error.InvalidRange`).
    public static func errorName(_ shortName: String) -> String { errorPrefix + shortName }
}
