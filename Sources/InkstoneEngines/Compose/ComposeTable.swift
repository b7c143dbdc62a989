import CXKBCommon
import Glibc
import Synchronization

/// The locale's X11 Compose table, compiled once by xkbcommon and shared by every
/// ``ComposeEngine``. The table is immutable; each engine owns its own compose state.
///
/// The locale comes from `LC_ALL`, `LC_CTYPE`, then `LANG`; when that is unset, `C`/`POSIX`,
/// or has no Compose table, `en_US.UTF-8` is used.
public final class ComposeTable: Sendable {
    /// The shared table, loaded on first use.
    public static let shared = ComposeTable()

    /// The locale whose table was loaded (nil if none could be loaded).
    public let locale: String?
    /// Guards xkbcommon calls that touch the table's (non-atomic) reference count.
    private let table: Mutex<OpaquePointer?>

    private init() {
        let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        var loaded: (OpaquePointer, String)?
        for candidate in Self.candidateLocales() {
            if let compiled = xkb_compose_table_new_from_locale(context, candidate, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                loaded = (compiled, candidate)
                break
            }
        }
        xkb_context_unref(context)
        locale = loaded?.1
        table = Mutex(loaded?.0)
    }

    deinit {
        table.withLock { pointer in
            if let pointer { xkb_compose_table_unref(pointer) }
        }
    }

    /// The locales to try, best first.
    static func candidateLocales() -> [String] {
        var names: [String] = []
        for variable in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty {
                names.append(value)
                break
            }
        }
        names.removeAll { $0 == "C" || $0 == "POSIX" }
        names.append("en_US.UTF-8")
        return names
    }

    /// A new compose state over this table (nil if no table could be loaded).
    func makeState() -> OpaquePointer? {
        table.withLock { pointer in
            guard let pointer else { return nil }
            return xkb_compose_state_new(pointer, XKB_COMPOSE_STATE_NO_FLAGS)
        }
    }

    /// Frees a state made by ``makeState()``.
    func releaseState(_ state: OpaquePointer) {
        table.withLock { _ in xkb_compose_state_unref(state) }
    }
}
