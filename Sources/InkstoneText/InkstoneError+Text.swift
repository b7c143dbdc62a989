/// Text that may enter a document.
extension InkstoneError {
    /// Throws `InvalidArgument` when `text` holds U+0000: a D-Bus string cannot
    /// carry it (clients would see the text cut there while `Length` counts it),
    /// so no document ever holds one.
    public static func checkCarriable(_ text: String, argument: String = "text") throws(InkstoneError) {
        let hasNUL = text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
        guard !hasNUL else {
            throw .invalidArgument("\(argument) contains U+0000, which D-Bus strings cannot carry")
        }
    }
}
