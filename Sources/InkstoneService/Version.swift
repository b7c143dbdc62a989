/// Inkstone's release version, served over D-Bus as `GetVersion` and `Version`.
public enum InkstoneVersion {
    /// The version of this build, as `major.minor.patch`.
    public static let current = "0.1.0"
}
