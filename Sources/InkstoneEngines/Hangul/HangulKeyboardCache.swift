import InkstoneCore
import Synchronization

/// Hangul keyboards loaded once per (directory, id): every context on a keyboard shares it.
enum HangulKeyboardCache {
    private static let loaded = Mutex<[String: HangulKeyboard]>([:])

    /// The keyboard `id` from `directory`, loaded on first use.
    static func keyboard(_ id: String, directory: String) throws(InkstoneError) -> HangulKeyboard {
        let key = directory + "\u{0}" + id
        if let cached = loaded.withLock({ $0[key] }) { return cached }
        let keyboard = try HangulKeyboard.load(id: id, directory: directory)
        loaded.withLock { $0[key] = keyboard }
        return keyboard
    }
}
