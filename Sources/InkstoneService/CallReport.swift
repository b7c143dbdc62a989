/// What one call did to the calling context, for a caller that takes its
/// events in the reply instead of as signals (the `…Reporting` methods).
public struct CallReport: Sendable, Equatable {
    /// The document revision after the call.
    public var revision: UInt64
    /// The calling context's notifications of the call, in order, exactly as a
    /// coalesced `Notifications` signal would carry them (never `PropertiesChanged`:
    /// every property change is in these events).
    public var events: [Notification]
}
