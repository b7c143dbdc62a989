import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The fcitx5 front over D-Bus, driven as fcitx5-gtk drives it (DBusKit client on sd-bus, private bus).
@Suite(.serialized) struct Fcitx5FrontTests {
    @Test func versionCreateAndEmptyProperties() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        var version = try MessageReader(
            try peer.call(inputMethodPath, inputMethodInterface, "Version").reply, expecting: "u")
        #expect(try version.readUInt32() == 1)
        let path = try peer.createFcitxContext()
        #expect(path.hasPrefix("/org/freedesktop/portal/inputcontext/"))
        let all = try peer.call(path, "org.freedesktop.DBus.Properties", "GetAll") { $0.append(fcitxContextInterface) }
        var reader = try MessageReader(all.reply, expecting: "a{sv}")
        #expect(try reader.readVardict().isEmpty)
        // The portal name answers on the legacy path too.
        let portal = try CompatPeer(daemon, destination: fcitxPortalName)
        var legacy = try MessageReader(
            try portal.call("/inputmethod", inputMethodInterface, "Version").reply, expecting: "u")
        #expect(try legacy.readUInt32() == 1)
    }

    @Test func hangulTypesThroughCommitAndPreeditSignalsBeforeEachReply() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext(capability: FcitxCapability.gtk3 | FcitxCapability.getIMInfoOnFocus)
        let toggle = try peer.press(Key.hangul, on: path)
        #expect(toggle.reply.boolValue == true)
        let currentIM = toggle.signals("CurrentIM").first
        var imReader = try #require(currentIM).reader()
        #expect(try imReader.readString() == "Hangul")
        #expect(try imReader.readString() == "hangul")
        #expect(try imReader.readString() == "ko")

        let exchanges = try peer.type(Key.ascii("gksrmf") + [Key.space], on: path)
        #expect(committedText(exchanges) == "한글 ")
        // g: preedit ㅎ, cursor 3 bytes (one code point) — a UTF-8 byte offset.
        let first = try #require(exchanges[0].signals("UpdateFormattedPreedit").first?.formattedPreedit)
        #expect(first.text == "ㅎ" && first.cursor == 3)
        // r: 한 is committed before the preedit moves on to ㄱ.
        let members = exchanges[3].signals.compactMap(\.member)
        #expect(members == ["CommitString", "UpdateFormattedPreedit"])
        #expect(exchanges[3].signals("UpdateFormattedPreedit").first?.formattedPreedit?.text == "ㄱ")
        // Every signal went to this client only.
        for signal in exchanges.flatMap(\.signals) { #expect(signal.destination == peer.connection.uniqueName) }
    }

    @Test func batchCarriesTheEventsInItsReply() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        var entries: [[(UInt32, String)]] = []
        for keysym in Key.ascii("gksr") {
            let exchange = try peer.call(path, fcitxContextInterface, "ProcessKeyEventBatch") { writer in
                writer.append(keysym)
                writer.append(UInt32(0))
                writer.append(UInt32(0))
                writer.append(false)
                writer.append(UInt32(0))
            }
            #expect(exchange.signals("CommitString").isEmpty && exchange.signals("UpdateFormattedPreedit").isEmpty)
            var reader = try MessageReader(exchange.reply, expecting: "a(uv)b")
            let batch = try reader.readArray { element in
                try element.readStruct { fields -> (UInt32, String) in
                    let type = try fields.readUInt32()
                    let text = try fields.readVariant { signature, inner -> String in
                        if signature == "s" { return try inner.readString() }
                        return try inner.readStruct { preedit in
                            let segments = try preedit.readArray { try $0.readStruct { try $0.readString() } }
                            return segments.joined() + "@" + String(try preedit.readInt32())
                        }
                    }
                    return (type, text)
                }
            }
            #expect(try reader.readBool())
            entries.append(batch)
        }
        #expect(entries[0].map(\.0) == [1] && entries[0].first?.1 == "ㅎ@3")
        #expect(entries[2].first?.1 == "한@3")
        #expect(entries[3].map(\.0) == [0, 1])
        #expect(entries[3].map(\.1) == ["한", "ㄱ@3"])
    }

    @Test func focusOutCommitsTheOpenPreeditUnlessTheClientCommitsItsOwn() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        _ = try peer.type(Key.ascii("gks"), on: path)
        let out = try peer.call(path, fcitxContextInterface, "FocusOut")
        #expect(out.signals("CommitString").compactMap(\.firstString) == ["한"])
        #expect(out.signals("UpdateFormattedPreedit").first?.formattedPreedit?.text == "")
        #expect(!out.signals("NotifyFocusOut").isEmpty)

        let own = try peer.createFcitxContext(capability: FcitxCapability.gtk3 | FcitxCapability.clientUnfocusCommit)
        try peer.press(Key.hangul, on: own)
        _ = try peer.type(Key.ascii("gks"), on: own)
        let ownOut = try peer.call(own, fcitxContextInterface, "FocusOut")
        #expect(ownOut.signals("CommitString").isEmpty)
        #expect(ownOut.signals("UpdateFormattedPreedit").first?.formattedPreedit?.text == "")
    }

    @Test func anUnconsumedKeyAfterACommitIsForwardedAfterIt() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        _ = try peer.type(Key.ascii("gks"), on: path)
        let enter = try peer.press(Key.returnKey, on: path)
        #expect(enter.reply.boolValue == true)
        #expect(enter.signals.compactMap(\.member) == ["CommitString", "UpdateFormattedPreedit", "ForwardKey"])
        var forward = try #require(enter.signals("ForwardKey").first).reader()
        #expect(try forward.readUInt32() == Key.returnKey)
        // With nothing composed, Return is the application's at once.
        let again = try peer.press(Key.returnKey, on: path)
        #expect(again.reply.boolValue == false)
        #expect(again.signals.isEmpty)
    }

    @Test func hanjaCandidatesArePickedWithANumberKey() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        _ = try peer.type(Key.ascii("gks"), on: path)
        let open = try peer.press(Key.hangulHanja, on: path)
        var ui = try #require(open.signals("UpdateClientSideUI").first).reader()
        for _ in 0..<3 {
            _ = try ui.readArray { try $0.readStruct { (try $0.readString(), try $0.readInt32()) } }
            if ui.currentType == Int32(UInt8(ascii: "i")) { _ = try ui.readInt32() }
        }
        let candidates = try ui.readArray { try $0.readStruct { (try $0.readString(), try $0.readString()) } }
        #expect(candidates.first?.0 == "1. ")
        #expect(candidates.first?.1.hasPrefix("韓") == true)
        let pick = try peer.press(Key.ascii("1")[0], on: path)
        #expect(pick.signals("CommitString").compactMap(\.firstString) == ["韓"])
        #expect(pick.signals("UpdateFormattedPreedit").first?.formattedPreedit?.text == "")
    }

    @Test func surroundingTextFeedsReconversionWithADeletion() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        try peer.call(path, fcitxContextInterface, "SetSurroundingText") {
            $0.append("가 한")
            $0.append(UInt32(3))
            $0.append(UInt32(3))
        }
        // Out of range: refused, and the text stays.
        #expect(throws: DBusKitError.self) {
            try peer.call(path, fcitxContextInterface, "SetSurroundingText") {
                $0.append("x")
                $0.append(UInt32(5))
                $0.append(UInt32(5))
            }
        }
        let open = try peer.press(Key.hangulHanja, on: path)
        #expect(!open.signals("UpdateClientSideUI").isEmpty)
        let pick = try peer.press(Key.ascii("1")[0], on: path)
        #expect(pick.signals.compactMap(\.member) == ["DeleteSurroundingText", "CommitString", "UpdateClientSideUI"])
        var deletion = try #require(pick.signals("DeleteSurroundingText").first).reader()
        #expect(try deletion.readInt32() == -1)
        #expect(try deletion.readUInt32() == 1)
        #expect(pick.signals("CommitString").first?.firstString == "韓")
    }

    @Test func stringsPastTheLimitAreRefusedWithANamedError() throws {
        let daemon = try CompatDaemon(arguments: ["--max-string-bytes", "64"])
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        do {
            try peer.call(path, fcitxContextInterface, "SetSurroundingText") {
                $0.append(String(repeating: "한", count: 30))
                $0.append(UInt32(0))
                $0.append(UInt32(0))
            }
            Issue.record("a 90-byte string passed a 64-byte limit")
        } catch let error as DBusKitError {
            #expect(error.name == "org.inkstone.Error.LimitExceeded")
        }
    }

    @Test func controlSpaceCyclesEnginesAndReportsCurrentIM() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        let first = try peer.press(Key.space, state: Key.control, on: path)
        #expect(first.signals("CurrentIM").first?.firstString == "Hangul")
        let second = try peer.press(Key.space, state: Key.control, on: path)
        #expect(second.signals("CurrentIM").first?.firstString == "Compose")
    }

    @Test func otherClientsAreRefusedAndChangeNothing() throws {
        let daemon = try CompatDaemon()
        let owner = try CompatPeer(daemon)
        let intruder = try CompatPeer(daemon)
        let path = try owner.createFcitxContext()
        try owner.press(Key.hangul, on: path)
        _ = try owner.type(Key.ascii("gk"), on: path)
        for member in ["FocusOut", "Reset", "DestroyIC"] {
            do {
                try intruder.call(path, fcitxContextInterface, member)
                Issue.record("\(member) from another client was accepted")
            } catch let error as DBusKitError {
                #expect(error.name == "org.inkstone.Error.AccessDenied")
            }
        }
        let out = try owner.call(path, fcitxContextInterface, "FocusOut")
        #expect(out.signals("CommitString").compactMap(\.firstString) == ["하"])
    }

    /// As with stock fcitx5, the portal name has an owner of its own; a context made through
    /// it sends its signals from that connection, before each reply.
    @Test func thePortalNameHasItsOwnConnection() throws {
        let daemon = try CompatDaemon(fronts: "fcitx5")
        let peer = try CompatPeer(daemon, destination: fcitxPortalName)
        let main = try #require(try peer.connection.nameOwner(fcitxName))
        let portal = try #require(try peer.connection.nameOwner(fcitxPortalName))
        #expect(main != portal)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        let typed = try peer.type(Key.ascii("gks") + [Key.space], on: path)
        #expect(committedText(typed) == "한 ")
        let senders = Set(typed.flatMap(\.signals).compactMap(\.sender))
        #expect(senders == [portal])
        // The legacy path answers on it too.
        var reader = try MessageReader(
            try peer.call("/inputmethod", inputMethodInterface, "Version").reply, expecting: "u")
        #expect(try reader.readUInt32() == 1)
    }

    @Test func contextsDieWithDestroyICAndWithTheirCreatorsConnection() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let destroyed = try peer.createFcitxContext()
        try peer.call(destroyed, fcitxContextInterface, "DestroyIC")
        do {
            try peer.call(destroyed, fcitxContextInterface, "FocusIn")
            Issue.record("a destroyed context answered")
        } catch let error as DBusKitError {
            #expect(error.name == "org.freedesktop.DBus.Error.UnknownObject")
        }
        var orphan = ""
        do {
            let creator = try CompatPeer(daemon)
            orphan = try creator.createFcitxContext()
        }
        // The creator's connection closed: its context goes (UnknownObject, not AccessDenied).
        var name = ""
        for _ in 0..<100 {
            do {
                try peer.call(orphan, fcitxContextInterface, "FocusIn")
            } catch let error as DBusKitError {
                name = error.name
                if name == "org.freedesktop.DBus.Error.UnknownObject" { break }
            }
            usleep(20_000)
        }
        #expect(name == "org.freedesktop.DBus.Error.UnknownObject")
    }
}

/// How the daemon is told to serve the fronts: the flag, the configuration file, bad names.
@Suite struct CompatSettingsTests {
    /// Runs `body` with a daemon on a private bus that reads `configuration` as its file,
    /// once it owns the fcitx5 name; the daemon gets SIGTERM afterwards.
    private static func withDaemon(
        configuration: String, _ body: (PrivateBus, DaemonProcess) throws -> Void
    ) throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-compat-config")
        try writeFile(folder + "/config.toml", configuration)
        let bus = try PrivateBus()
        let daemon = try DaemonProcess(arguments: ["--address", bus.address, "--config", folder + "/config.toml"])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit(timeout: .seconds(5))
        }
        try #require(try daemon.waitForName(fcitxName, on: bus.address), "\(daemon.stderr)")
        try body(bus, daemon)
    }

    @Test func theConfigurationFileStartsTheFronts() throws {
        try Self.withDaemon(configuration: "[compat]\nfronts = [\"fcitx5\"]\ntoggle_key = \"F12\"\n") { bus, _ in
            let peer = try CompatPeer(address: bus.address)
            // Both names are requested together: the one not configured has no owner.
            #expect(try !peer.connection.nameHasOwner(ibusPortalName))
            let path = try peer.createFcitxContext()
            let toggle = try peer.press(0xffc9, on: path)  // F12, the configured toggle key
            #expect(toggle.signals("CurrentIM").first?.firstString == "Hangul")
            #expect(try peer.press(Key.hangul, on: path).signals("CurrentIM").isEmpty)
        }
    }

    /// One cycle key and list for every context, in either spelling; the old one is logged
    /// as deprecated.
    @Test(arguments: [
        ("[compat]\nfronts = [\"fcitx5\"]\ncycle_key = \"F11\"\ncycle = [\"direct\", \"hangul\"]\n", true),
        (
            "engine_cycle = [\"direct\", \"hangul\"]\n[keys]\ncycle_engine = \"F11\"\n[compat]\nfronts = [\"fcitx5\"]\n",
            false
        ),
    ])
    func theCycleKeyIsSetInEitherSpelling(file: String, deprecated: Bool) throws {
        try Self.withDaemon(configuration: file) { bus, daemon in
            // A warning expected is waited for (the reader of the daemon's stderr may lag).
            func warned(_ text: String) -> Bool {
                deprecated ? daemon.waitForStderr(containing: text) : daemon.stderr.contains(text)
            }
            #expect(warned("compat.cycle_key is deprecated; use keys.cycle_engine") == deprecated)
            #expect(warned("compat.cycle is deprecated; use engine_cycle") == deprecated)
            let peer = try CompatPeer(address: bus.address)
            let path = try peer.createFcitxContext()
            let f11: UInt32 = 0xffc8
            #expect(try peer.press(f11, on: path).signals("CurrentIM").first?.firstString == "Direct")
            #expect(try peer.press(f11, on: path).signals("CurrentIM").first?.firstString == "Hangul")
            #expect(try peer.press(Key.space, state: Key.control, on: path).signals("CurrentIM").isEmpty)
        }
    }

    @Test func anUnknownFrontIsRefusedAtStart() throws {
        let bus = try PrivateBus()
        let result = try run([builtProduct("inkstoned"), "--address", bus.address, "--compat", "fcitx5,xim"])
        #expect(result.termination == .exited(1))
        #expect(result.stderr.contains("unknown compatibility front 'xim'"), "\(result.stderr)")
    }
}

extension Message {
    /// The reply's boolean, nil when it holds none.
    var boolValue: Bool? {
        var reader = self.reader()
        return try? reader.readBool()
    }
}
