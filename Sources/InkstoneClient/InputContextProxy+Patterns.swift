import DBusKit

/// Live patterns: detectors the daemon runs over the context's document as it is
/// edited (see `RegisterPattern` in `dbus/org.inkstone.InputContext1.xml`).
extension InputContextProxy {
    /// `RegisterPattern`: matches of the ICU regular expression `regex` get the derived
    /// attribute `pattern` with the value `name` (the context needs `live_patterns`).
    public func registerPattern(_ name: String, regex: String) throws(InkstoneClientError) {
        try call("RegisterPattern") {
            $0.append(name)
            $0.append(regex)
        }
    }

    /// `UnregisterPattern`: stops detecting the pattern registered as `name`.
    public func unregisterPattern(_ name: String) throws(InkstoneClientError) {
        try call("UnregisterPattern") { $0.append(name) }
    }
}
