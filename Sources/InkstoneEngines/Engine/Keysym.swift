import CXKBCommon
import InkstoneCore

/// Keysym values the engines test for, and name/text conversions through xkbcommon.
///
/// xkbcommon's `XKB_KEY_*` macros import into Swift as `Int32`; they are wrapped here
/// once as `UInt32` so the rest of the module never converts.
public enum Keysym {
    /// `BackSpace`.
    public static let backSpace = UInt32(XKB_KEY_BackSpace)
    /// `Tab`.
    public static let tab = UInt32(XKB_KEY_Tab)
    /// `ISO_Left_Tab` (Shift+Tab).
    public static let isoLeftTab = UInt32(XKB_KEY_ISO_Left_Tab)
    /// `Return`.
    public static let returnKey = UInt32(XKB_KEY_Return)
    /// `KP_Enter`.
    public static let kpEnter = UInt32(XKB_KEY_KP_Enter)
    /// `Escape`.
    public static let escape = UInt32(XKB_KEY_Escape)
    /// `Delete`.
    public static let delete = UInt32(XKB_KEY_Delete)
    /// `KP_Delete`.
    public static let kpDelete = UInt32(XKB_KEY_KP_Delete)
    /// `space`.
    public static let space = UInt32(XKB_KEY_space)
    /// `Left`.
    public static let left = UInt32(XKB_KEY_Left)
    /// `Right`.
    public static let right = UInt32(XKB_KEY_Right)
    /// `Up`.
    public static let up = UInt32(XKB_KEY_Up)
    /// `Down`.
    public static let down = UInt32(XKB_KEY_Down)
    /// `Home`.
    public static let home = UInt32(XKB_KEY_Home)
    /// `End`.
    public static let end = UInt32(XKB_KEY_End)
    /// `Page_Up`.
    public static let pageUp = UInt32(XKB_KEY_Page_Up)
    /// `Page_Down`.
    public static let pageDown = UInt32(XKB_KEY_Page_Down)
    /// `KP_Left`.
    public static let kpLeft = UInt32(XKB_KEY_KP_Left)
    /// `KP_Right`.
    public static let kpRight = UInt32(XKB_KEY_KP_Right)
    /// `KP_Up`.
    public static let kpUp = UInt32(XKB_KEY_KP_Up)
    /// `KP_Down`.
    public static let kpDown = UInt32(XKB_KEY_KP_Down)
    /// `KP_Home`.
    public static let kpHome = UInt32(XKB_KEY_KP_Home)
    /// `KP_End`.
    public static let kpEnd = UInt32(XKB_KEY_KP_End)
    /// `KP_Page_Up`.
    public static let kpPageUp = UInt32(XKB_KEY_KP_Page_Up)
    /// `KP_Page_Down`.
    public static let kpPageDown = UInt32(XKB_KEY_KP_Page_Down)
    /// `KP_0`; `KP_1`…`KP_9` follow it.
    public static let kp0 = UInt32(XKB_KEY_KP_0)
    /// `KP_9`.
    public static let kp9 = UInt32(XKB_KEY_KP_9)
    /// `Multi_key` (the Compose key).
    public static let multiKey = UInt32(XKB_KEY_Multi_key)
    /// `Hangul_Hanja`.
    public static let hangulHanja = UInt32(XKB_KEY_Hangul_Hanja)
    /// `F9` (a second Hanja key, as in ibus-hangul and fcitx5-hangul).
    public static let f9 = UInt32(XKB_KEY_F9)
    /// First dead key (`dead_grave`); dead keys run from here to ``deadLast``.
    public static let deadFirst = UInt32(XKB_KEY_dead_grave)
    /// Last dead key in the classic block (`dead_greek`).
    public static let deadLast = UInt32(XKB_KEY_dead_greek)
    /// First modifier keysym (`Shift_L`).
    public static let modifierFirst = UInt32(XKB_KEY_Shift_L)
    /// Last modifier keysym (`Hyper_R`).
    public static let modifierLast = UInt32(XKB_KEY_Hyper_R)

    /// Resolves a keysym name: exact (case-sensitive) first, then case-insensitive.
    /// - Throws: `InvalidArgument` naming the name when xkbcommon does not know it.
    public static func named(_ name: String) throws(InkstoneError) -> UInt32 {
        let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if exact != UInt32(XKB_KEY_NoSymbol) { return exact }
        let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        if folded != UInt32(XKB_KEY_NoSymbol) { return folded }
        throw .invalidArgument("unknown key name '\(name)'")
    }

    /// The keysym's name (e.g. `BackSpace`), or nil when it has none.
    public static func name(of keysym: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return nil }
        return decodeUTF8(buffer, length: Int(length))
    }

    /// The printable text the keysym types, or nil for control characters,
    /// function keys, modifiers and dead keys.
    public static func text(of keysym: UInt32) -> String? {
        let codePoint = xkb_keysym_to_utf32(keysym)
        guard codePoint >= 0x20, codePoint != 0x7f, !(0x80..<0xa0).contains(codePoint),
            let scalar = Unicode.Scalar(codePoint)
        else { return nil }
        return String(Character(scalar))
    }

    /// Whether the keysym is a modifier (Shift, Control, Alt, Super, Caps Lock…).
    public static func isModifier(_ keysym: UInt32) -> Bool {
        (modifierFirst...modifierLast).contains(keysym)
            || keysym == UInt32(XKB_KEY_ISO_Level3_Shift) || keysym == UInt32(XKB_KEY_ISO_Level5_Shift)
            || keysym == UInt32(XKB_KEY_Mode_switch) || keysym == UInt32(XKB_KEY_Num_Lock)
    }

    /// Whether the keysym is a dead key (`dead_acute`, `dead_grave`, …).
    public static func isDeadKey(_ keysym: UInt32) -> Bool {
        (deadFirst...deadLast).contains(keysym) || (0xfe80...0xfe93).contains(keysym)
    }

    /// The digit 1…9 a keysym types (main row or keypad), or nil.
    public static func digit(of keysym: UInt32) -> Int? {
        if (0x30...0x39).contains(keysym) { return Int(keysym - 0x30) }
        if (kp0...kp9).contains(keysym) { return Int(keysym - kp0) }
        return nil
    }

    /// Decodes `length` bytes of a C buffer as UTF-8 (no reliance on a NUL terminator).
    static func decodeUTF8(_ buffer: [CChar], length: Int) -> String {
        let bytes = buffer.prefix(length).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
