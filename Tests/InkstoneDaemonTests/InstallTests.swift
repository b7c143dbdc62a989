import Glibc
import InkstoneTestSupport
import Testing

/// `make install` / `make uninstall` with a user prefix, from already built binaries.
@Suite struct InstallTests {
    private func make(_ target: String, home: String) throws -> RunResult {
        let built = String(builtProduct("inkstoned").dropLast("/inkstoned".count))
        return try run(
            ["make", "-C", repositoryRoot(), target, "PREFIX=\(home)/.local"],
            environment: ["HOME": home, "INKSTONE_BUILT_DIR": built, "XDG_DATA_HOME": ""], timeout: .seconds(60))
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    @Test func aUserPrefixInstallsWhereTheUserManagerLooksAndUninstallsExactly() throws {
        let home = try makeTemporaryDirectory(prefix: "inkstone-home")
        let share = home + "/.local/share"
        mkdir(home + "/.local", 0o700)
        mkdir(share, 0o700)
        mkdir(share + "/dbus-1", 0o700)
        mkdir(share + "/dbus-1/services", 0o700)
        try writeFile(share + "/dbus-1/services/org.example.Other.service", "[D-BUS Service]\n")

        let installed = try make("install", home: home)
        #expect(installed.termination == .exited(0), "\(installed.stdout)\(installed.stderr)")
        let unit = share + "/systemd/user/inkstone.service"
        let activation = share + "/dbus-1/services/org.inkstone.Inkstone1.service"
        for path in [
            home + "/.local/bin/inkstoned", home + "/.local/bin/inkstone", unit, activation,
            share + "/dbus-1/interfaces/org.inkstone.InputContext1.xml",
        ] {
            #expect(exists(path), "\(path) not installed: \(installed.stdout)")
        }
        let unitText = try readFile(unit)
        #expect(unitText.contains("ExecStart=\(home)/.local/bin/inkstoned\n"), "\(unitText)")
        #expect(unitText.contains("StandardError=journal"))
        // Comments keep the placeholder: only lines that are not comments are rewritten.
        #expect(unitText.contains("# ") && unitText.contains("@BINDIR@ replaced"), "\(unitText)")
        let activationText = try readFile(activation)
        #expect(activationText.contains("Exec=\(home)/.local/bin/inkstoned\n"))
        #expect(activationText.contains("SystemdService=inkstone.service"))

        let removed = try make("uninstall", home: home)
        #expect(removed.termination == .exited(0), "\(removed.stdout)\(removed.stderr)")
        for path in [
            home + "/.local/bin/inkstoned", home + "/.local/bin/inkstone", unit, activation,
            share + "/inkstone/installed-files", share + "/dbus-1/interfaces/org.inkstone.InputContext1.xml",
        ] {
            #expect(!exists(path), "\(path) left behind")
        }
        #expect(
            exists(share + "/dbus-1/services/org.example.Other.service"), "uninstall removed a file it did not install")
    }
}
