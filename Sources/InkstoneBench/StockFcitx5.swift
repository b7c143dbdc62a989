import ArgumentParser
import Glibc
import InkstoneTestSupport

/// Stock `fcitx5` with one of its input methods on a private bus with the echo service,
/// its profile holding that input method (Control+space turns it on).
final class StockFcitx5 {
    /// An input method of stock fcitx5: its name in the profile, the addons it needs
    /// and the shared objects one of which must be installed.
    struct InputMethod {
        var name: String
        var addons: [String]
        var libraries: [String]
        /// The Debian package that provides it.
        var package: String

        /// `fcitx5-hangul`.
        static let hangul = InputMethod(
            name: "hangul", addons: ["hangul"], libraries: ["libhangul.so", "hangul.so"], package: "fcitx5-hangul")
        /// `fcitx5-pinyin` (of `fcitx5-chinese-addons`, with libime's language model), no cloud pinyin.
        static let pinyin = InputMethod(
            name: "pinyin", addons: ["pinyin", "punctuation"], libraries: ["libpinyin.so"], package: "fcitx5-pinyin")
    }

    static let executable = "/usr/bin/fcitx5"
    static let addonDirectory = "/usr/lib/x86_64-linux-gnu/fcitx5/"
    /// The private bus, its echo and fcitx5.
    let server: BenchBus
    var bus: PrivateBus { server.bus }
    var echoClient: RawClient { server.echoClient }

    /// Starts it with `method`, or nil when fcitx5 or the input method is not installed.
    static func start(_ method: InputMethod = .hangul) throws -> StockFcitx5? {
        guard access(executable, X_OK) == 0,
            method.libraries.contains(where: { access(addonDirectory + $0, F_OK) == 0 })
        else { return nil }
        return try StockFcitx5(method)
    }

    private init(_ method: InputMethod) throws {
        let home = try makeTemporaryDirectory(prefix: "inkstone-bench-fcitx5")
        _ = try run(["mkdir", "-p", home + "/fcitx5"])
        try writeFile(
            home + "/fcitx5/profile",
            """
            [Groups/0]
            Name=Default
            Default Layout=us
            DefaultIM=\(method.name)

            [Groups/0/Items/0]
            Name=keyboard-us
            Layout=

            [Groups/0/Items/1]
            Name=\(method.name)
            Layout=

            [GroupOrder]
            0=Default

            """)
        let addons = (["dbus", "dbusfrontend", "keyboard"] + method.addons).joined(separator: ",")
        server = try BenchBus(executable: Self.executable, owning: FcitxKeyClient.busName, timeout: .seconds(20)) {
            address in
            (
                ["--disable=all", "--enable=\(addons)"],
                [
                    "DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home + "/data",
                    "DISPLAY": "", "WAYLAND_DISPLAY": "",
                ]
            )
        }
    }

    func stop() { server.stop() }
}
