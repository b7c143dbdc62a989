import DBusKit
import InkstoneTestSupport
import Testing

/// Typing and addressing text in every unit, through the daemon.
@Suite struct ContextScenarioTests {
    static let sample = "naïve 👩‍👩‍👧 café"
    static let units = ["utf16", "utf8", "scalars", "graphemes"]

    static func count(_ text: Substring, in unit: String) -> Int {
        switch unit {
        case "utf8": text.utf8.count
        case "utf16": text.utf16.count
        case "scalars": text.unicodeScalars.count
        default: text.count
        }
    }

    @Test(arguments: units, NotificationMode.allCases) func typingReportsEveryOffsetInTheUnit(
        unit: String, mode: NotificationMode
    ) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.createContext([
            "unit": .string(unit),
            "notifications": .array(elementSignature: "s", [.string("text"), .string("selection")]),
        ])
        #expect(try peer.property(context, "Unit")?.stringValue == unit)
        _ = try peer.drainSignals()
        let text = Self.sample
        var typed = text.startIndex
        for grapheme in text {
            let before = Self.count(text[..<typed], in: unit)
            let (revision, ticket) = try peer.insert(context, String(grapheme))
            typed = text.index(after: typed)
            let after = Self.count(text[..<typed], in: unit)
            #expect(ticket == 0)
            #expect(try peer.range(context, "SelectedRange") == (after, 0), "\(unit) after \(text[..<typed])")
            let signals = try peer.drainSignals(of: context)
            let dids = signals.filter { $0.member == "TextDidChange" }
            #expect(dids.count == 1, "\(signals)")
            if let did = dids.first {
                #expect(did.arguments[0].uint64 == revision)
                #expect(
                    did.arguments[1].int == before && did.arguments[2].int == 0
                        && did.arguments[3].int == after - before,
                    "\(unit) typing \(grapheme): \(did)")
                #expect(did.arguments[4].stringValue == "typing")
            }
            let selection = signals.last { $0.member == "SelectionDidChange" }
            #expect(selection?.arguments.map(\.int) == [after, 0], "\(unit): \(signals)")
        }
        #expect(try peer.text(context) == text)
        #expect(try peer.call(context, "Length").first?.int == Self.count(text[...], in: unit))
        var start = 0
        for grapheme in text {
            let length = Self.count(String(grapheme)[...], in: unit)
            let read = try peer.call(context, "TextInRange") {
                $0.append(Int64(start))
                $0.append(Int64(length))
            }
            #expect(read.first?.stringValue == String(grapheme), "\(unit) at \(start)")
            let moved = try peer.call(context, "PositionFromPosition") {
                $0.append(Int64(start))
                $0.append(Int64(length))
            }
            #expect(moved.first?.int == start + length)
            let distance = try peer.call(context, "OffsetFromPosition") {
                $0.append(Int64(0))
                $0.append(Int64(start))
            }
            #expect(distance.first?.int == start)
            start += length
        }
    }

    /// Offsets inside a surrogate pair, a UTF-8 sequence or a ZWJ sequence are InvalidRange and change nothing.
    @Test(arguments: [("utf16", 7), ("utf8", 3), ("scalars", 7), ("utf16", 9), ("utf8", 12)])
    func offsetsInsideAClusterAreInvalidRange(unit: String, offset: Int) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["unit=\(unit)"])
        try peer.insert(context, Self.sample)
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(0))
        }
        let revision = try peer.revision(context)
        _ = try peer.drainSignals()
        let invalid = "org.inkstone.Error.InvalidRange"
        #expect(
            peer.errorName(context, "ReplaceRange") {
                $0.append(Int64(offset))
                $0.append(Int64(0))
                $0.append("x")
                $0.append(UInt64(0))
            } == invalid)
        #expect(
            peer.errorName(context, "ReplaceRange") {
                $0.append(Int64(0))
                $0.append(Int64(offset))
                $0.append("")
                $0.append(UInt64(0))
            } == invalid)
        #expect(
            peer.errorName(context, "SetSelectedRange") {
                $0.append(Int64(offset))
                $0.append(Int64(0))
            } == invalid)
        #expect(
            peer.errorName(context, "SetMarkedText") {
                $0.append("k")
                $0.append(Int64(0))
                $0.append(Int64(0))
                $0.append(Int64(offset))
                $0.append(Int64(0))
            } == invalid)
        #expect(try peer.text(context) == Self.sample)
        #expect(try peer.revision(context) == revision)
        #expect(try peer.range(context, "SelectedRange") == (0, 0))
        #expect(try peer.drainSignals(of: context).isEmpty)
    }

    @Test func dbusSendCreatesAndEditsAGraphemeContext() throws {
        let running = try RunningDaemon()
        func send(_ path: String, _ member: String, _ arguments: String...) throws -> RunResult {
            try running.dbusSend(["--dest=\(busName)", path, member] + arguments)
        }
        let created = try send(
            servicePath, "\(serviceInterface).NewInputContext", "array:string:unit=graphemes,persist=true")
        #expect(created.termination == .exited(0), "\(created.stderr)")
        let path = created.stdout.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
        #expect(path.hasPrefix("/org/inkstone/Inkstone1/context/"), "\(created.stdout)")
        let inserted = try send(path, "\(contextInterface).InsertText", "string:\(Self.sample)")
        #expect(
            inserted.stdout.contains("uint64 \(Self.sample.count)") || inserted.stdout.contains("uint64 1"),
            "\(inserted.stdout)")
        let replaced = try send(path, "\(contextInterface).ReplaceRange", "int64:6", "int64:1", "string:👪", "uint64:0")
        #expect(replaced.termination == .exited(0), "\(replaced.stderr)")
        let read = try run([
            "gdbus", "call", "--address", running.bus.address, "--dest", busName, "--object-path", path,
            "--method", "\(contextInterface).GetText",
        ])
        #expect(read.stdout.hasPrefix("('naïve 👪 café', uint64 "), "\(read.stdout) \(read.stderr)")
        let selected = try send(path, "\(contextInterface).SelectedRange")
        #expect(selected.stdout.contains("int64 12"), "\(selected.stdout)")
        let bad = try send(path, "\(contextInterface).TextInRange", "int64:-1", "int64:2")
        #expect(bad.stderr.contains("org.inkstone.Error.InvalidRange"), "\(bad.stderr)")
        let negative = try send(path, "\(contextInterface).ReplaceRange", "int64:2", "int64:-3", "string:x", "uint64:0")
        #expect(negative.stderr.contains("org.inkstone.Error.InvalidRange"), "\(negative.stderr)")
        let unknown = try send("/org/inkstone/Inkstone1/context/999", "\(contextInterface).GetText")
        #expect(unknown.stderr.contains("org.inkstone.Error.UnknownObject"), "\(unknown.stderr)")
        let destroyed = try send(path, "\(contextInterface).Destroy")
        #expect(destroyed.termination == .exited(0))
        let gone = try send(path, "\(contextInterface).GetText")
        #expect(gone.stderr.contains("org.inkstone.Error.UnknownObject"), "\(gone.stderr)")
    }
}
