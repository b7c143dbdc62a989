import DBusKit
import InkstoneTestSupport
import Testing

/// The IBus portal front over D-Bus, driven as ibus-gtk3 drives it with `IBUS_USE_PORTAL=1`.
@Suite(.serialized) struct IBusPortalTests {
    /// `CreateInputContext("gtk3-im:…")` then the capabilities stock ibus-gtk3 sends (with
    /// surrounding text: the daemon asks for it).
    private func createContext(_ peer: CompatPeer) throws -> String {
        let created = try peer.call("/org/freedesktop/IBus", "org.freedesktop.IBus.Portal", "CreateInputContext") {
            $0.append("gtk3-im:compat-tests")
        }
        var reader = try MessageReader(created.reply, expecting: "o")
        let path = try reader.readObjectPath()
        let capabilities = try peer.call(path, ibusContextInterface, "SetCapabilities") { $0.append(UInt32(169)) }
        #expect(capabilities.signals.compactMap(\.member) == ["RequireSurroundingText"])
        try peer.call(path, ibusContextInterface, "FocusIn")
        return path
    }

    @discardableResult
    private func press(_ peer: CompatPeer, _ keysym: UInt32, on path: String) throws -> CompatPeer.Exchange {
        let press = try peer.call(path, ibusContextInterface, "ProcessKeyEvent") {
            $0.append(keysym)
            $0.append(UInt32(30))
            $0.append(UInt32(0))
        }
        try peer.call(path, ibusContextInterface, "ProcessKeyEvent") {
            $0.append(keysym)
            $0.append(UInt32(30))
            $0.append(UInt32(1 << 30))
        }
        return press
    }

    @Test func hangulCommitsAndPreeditsAsIBusTextBeforeEachReply() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon, destination: ibusPortalName)
        let path = try createContext(peer)
        #expect(path.hasPrefix("/org/freedesktop/IBus/InputContext_"))
        try press(peer, Key.hangul, on: path)
        var exchanges: [CompatPeer.Exchange] = []
        for keysym in Key.ascii("gksrmf") + [Key.space] { exchanges.append(try press(peer, keysym, on: path)) }
        let commits = exchanges.flatMap { $0.signals("CommitText") }.compactMap(\.ibusText)
        #expect(commits.joined() == "한글 ")
        let preedit = try #require(exchanges[0].signals("UpdatePreeditText").first)
        #expect(preedit.ibusText == "ㅎ")
        var reader = preedit.reader()
        _ = try reader.readValue()
        #expect(try reader.readUInt32() == 1)  // cursor in code points
        #expect(try reader.readBool())
    }

    /// `GetEngine`'s `IBusEngineDesc`: the fields libibus reads, in its order.
    private func engine(_ peer: CompatPeer, _ path: String) throws -> (name: String, longName: String, language: String)
    {
        let reply = try peer.call(path, ibusContextInterface, "GetEngine").reply
        var reader = try MessageReader(reply, expecting: "v")
        return try reader.readVariant { signature, inner in
            #expect(signature == "(sa{sv}ssssssssussssssss)")
            return try inner.readStruct { fields in
                #expect(try fields.readString() == "IBusEngineDesc")
                #expect(try fields.readVardict().isEmpty)
                let strings = try (0..<8).map { _ in try fields.readString() }
                #expect(strings[7] == "default")  // the keyboard layout: the client's own
                #expect(try fields.readUInt32() == 0)
                for _ in 0..<8 { #expect(try fields.readString() == "") }
                return (strings[0], strings[1], strings[3])
            }
        }
    }

    @Test func getEngineAnswersAnIBusEngineDescOfTheCurrentEngine() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon, destination: ibusPortalName)
        let path = try createContext(peer)
        let stock = try engine(peer, path)
        #expect(stock.name == "compose" && stock.longName == "Compose" && stock.language == "")
        try press(peer, Key.hangul, on: path)
        let hangul = try engine(peer, path)
        #expect(hangul.name == "hangul" && hangul.longName == "Hangul" && hangul.language == "ko")
        let intruder = try CompatPeer(daemon, destination: ibusPortalName)
        #expect(
            errorName { try intruder.call(path, ibusContextInterface, "GetEngine") }
                == "org.inkstone.Error.AccessDenied")
    }

    @Test func focusOutCommitsUnlessTheClientCommitsThePreedit() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon, destination: ibusPortalName)
        let path = try createContext(peer)
        try press(peer, Key.hangul, on: path)
        for keysym in Key.ascii("gks") { try press(peer, keysym, on: path) }
        let out = try peer.call(path, ibusContextInterface, "FocusOut")
        #expect(out.signals("CommitText").compactMap(\.ibusText) == ["한"])

        let own = try createContext(peer)
        try peer.call(own, "org.freedesktop.DBus.Properties", "Set") { writer in
            writer.append(ibusContextInterface)
            writer.append("ClientCommitPreedit")
            writer.appendVariant(signature: "(b)") { $0.appendStruct { $0.append(true) } }
        }
        try press(peer, Key.hangul, on: own)
        let typed = try press(peer, Key.ascii("g")[0], on: own)
        #expect(!typed.signals("UpdatePreeditTextWithMode").isEmpty)
        let ownOut = try peer.call(own, ibusContextInterface, "FocusOut")
        #expect(ownOut.signals("CommitText").isEmpty)
    }

    @Test func surroundingTextFeedsReconversionWithADeletion() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon, destination: ibusPortalName)
        let path = try createContext(peer)
        try press(peer, Key.hangul, on: path)
        try peer.call(path, ibusContextInterface, "SetSurroundingText") { writer in
            writer.appendVariant(signature: "(sa{sv}sv)") { variant in
                variant.appendStruct { fields in
                    fields.append("IBusText")
                    fields.append(vardict: [:])
                    fields.append("가 한")
                    fields.appendVariant(signature: "(sa{sv}av)") { list in
                        list.appendStruct {
                            $0.append("IBusAttrList")
                            $0.append(vardict: [:])
                            $0.appendArray(of: "v") { _ in }
                        }
                    }
                }
            }
            writer.append(UInt32(3))
            writer.append(UInt32(3))
        }
        try press(peer, Key.hangulHanja, on: path)
        let pick = try press(peer, Key.ascii("1")[0], on: path)
        #expect(pick.signals.compactMap(\.member) == ["DeleteSurroundingText", "CommitText"])
        #expect(pick.signals("CommitText").first?.ibusText == "韓")
    }

    @Test func otherClientsGetAccessDeniedAndContextsDieWithDestroy() throws {
        let daemon = try CompatDaemon()
        let owner = try CompatPeer(daemon, destination: ibusPortalName)
        let intruder = try CompatPeer(daemon, destination: ibusPortalName)
        let path = try createContext(owner)
        do {
            try intruder.call(path, ibusContextInterface, "ProcessKeyEvent") {
                $0.append(UInt32(0x67))
                $0.append(UInt32(34))
                $0.append(UInt32(0))
            }
            Issue.record("another client's key was accepted")
        } catch let error as DBusKitError {
            #expect(error.name == "org.inkstone.Error.AccessDenied")
        }
        try owner.call(path, "org.freedesktop.IBus.Service", "Destroy")
        do {
            try owner.call(path, ibusContextInterface, "FocusIn")
            Issue.record("a destroyed context answered")
        } catch let error as DBusKitError {
            #expect(error.name == "org.freedesktop.DBus.Error.UnknownObject")
        }
    }
}

extension Message {
    /// The text of the first argument when it is an `IBusText` variant.
    var ibusText: String? {
        var reader = self.reader()
        return try? reader.readVariant { _, inner in
            try inner.readStruct { fields -> String in
                _ = try fields.readString()
                _ = try fields.readVardict()
                return try fields.readString()
            }
        }
    }
}
