import DBusKit
import InkstoneTestSupport
import Testing

/// Bad input gets a named error with a message, and the state stays as it was.
@Suite struct ErrorTests {
    static let prefix = "org.inkstone.Error."

    @Test(arguments: NotificationMode.allCases) func badCallsAreNamedAndChangeNothing(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext([])
        try peer.insert(context, "héllo wörld")
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(2))
            $0.append(Int64(3))
        }
        let revision = try peer.revision(context)
        _ = try peer.drainSignals()

        func replace(_ start: Int64, _ length: Int64, _ expected: UInt64 = 0) -> (inout MessageWriter) throws -> Void {
            { writer in
                writer.append(start)
                writer.append(length)
                writer.append("X")
                writer.append(expected)
            }
        }
        let cases: [(String, String, String, (inout MessageWriter) throws -> Void)] = [
            ("InvalidRange", context, "ReplaceRange", replace(2, -1)),
            ("InvalidRange", context, "ReplaceRange", replace(-2, 1)),
            ("InvalidRange", context, "ReplaceRange", replace(5, 100)),
            ("Stale", context, "ReplaceRange", replace(0, 1, revision + 2)),
            ("Stale", context, "ReplaceRange", replace(0, 1, revision + 1)),
            (
                "InvalidRange", context, "TextInRange",
                {
                    $0.append(Int64(3))
                    $0.append(Int64(-1))
                }
            ),
            (
                "InvalidRange", context, "SetSelectedRange",
                {
                    $0.append(Int64(-1))
                    $0.append(Int64(2))
                }
            ),
            (
                "InvalidRange", context, "SetSelectedRange",
                {
                    $0.append(Int64(12))
                    $0.append(Int64(0))
                }
            ),
            (
                "InvalidRange", context, "PositionFromPosition",
                {
                    $0.append(Int64(10))
                    $0.append(Int64(5))
                }
            ),
            (
                "InvalidRange", context, "SetMarkedText",
                {
                    $0.append("ab")
                    $0.append(Int64(3))
                    $0.append(Int64(0))
                    $0.append(Int64(-1))
                    $0.append(Int64(0))
                }
            ),
            ("InvalidArgument", context, "ProcessKeyNames", { $0.append(strings: ["a", "no_such_key", "b"]) }),
            ("InvalidArgument", context, "Subscribe", { $0.append(strings: ["text", "gossip"]) }),
            ("InvalidArgument", context, "SetEngine", { $0.append("no-such-engine") }),
            ("InvalidState", context, "EndUndoGroup", { _ in }),
            ("InvalidState", context, "NextPage", { _ in }),
            // With no list open, picking and paging fail alike.
            ("InvalidState", context, "SelectCandidate", { $0.append(Int32(4)) }),
            ("InvalidState", context, "PrevPage", { _ in }),
            (
                "InvalidArgument", context, "RangeEnclosingPosition",
                {
                    $0.append(Int64(1))
                    $0.append("chapter")
                    $0.append("forward")
                }
            ),
            ("UnknownObject", ObjectPathsForTests.context(999), "GetText", { _ in }),
            ("UnknownObject", "/org/inkstone/Inkstone1/context/0", "GetText", { _ in }),
            ("UnknownObject", "/org/inkstone/Inkstone1/context/abc", "Length", { _ in }),
            ("UnknownObject", "/org/inkstone/Inkstone1/context/1a", "Length", { _ in }),
            ("UnknownObject", "/org/inkstone/Inkstone1/context/18446744073709551617", "Length", { _ in }),
            ("UnknownObject", "/org/inkstone/Inkstone1/document/77", "Share", { $0.append(":1.5") }),
            ("InvalidArgument", servicePath, "NewInputContext", { $0.append(strings: ["colour=blue"]) }),
            ("InvalidArgument", servicePath, "NewInputContext", { $0.append(strings: ["unit=bytes"]) }),
            ("InvalidArgument", servicePath, "NewInputContext", { $0.append(strings: ["persist=maybe"]) }),
            ("InvalidArgument", servicePath, "NewInputContext", { $0.append(strings: ["persist"]) }),
            ("InvalidArgument", servicePath, "CreateInputContext", { $0.append(vardict: ["unit": .int32(8)]) }),
            (
                "UnknownObject", servicePath, "CreateInputContext",
                {
                    $0.append(vardict: ["document": .objectPath("/org/inkstone/Inkstone1/document/42")])
                }
            ),
            ("InvalidArgument", servicePath, "NewInputContext", { $0.append(strings: ["engine=telepathy"]) }),
            // A document option outside the document subtree: another subtree, one byte off its name.
            ("UnknownObject", servicePath, "NewInputContext", { $0.append(strings: ["document=\(context)"]) }),
            (
                "UnknownObject", servicePath, "NewInputContext",
                { $0.append(strings: ["document=/org/inkstone/Inkstone1/documenT/1"]) }
            ),
        ]
        for (code, path, member, body) in cases {
            let interface =
                path == servicePath
                ? serviceInterface
                : (path.contains("/document/") ? documentInterface : contextInterface)
            let name = peer.errorName(path, member, interface: interface, body)
            #expect(name == Self.prefix + code, "\(member) at \(path)")
            #expect(try peer.text(context) == "héllo wörld", "\(member) changed the text")
            #expect(try peer.revision(context) == revision, "\(member) moved the revision")
            #expect(try peer.range(context, "SelectedRange") == (2, 3), "\(member) moved the selection")
        }
        #expect(try peer.drainSignals(of: context).isEmpty)
        try peer.insert(context, "!")
        let stale = peer.errorName(context, "ReplaceRange", replace(0, 1, revision))
        #expect(stale == Self.prefix + "Stale")
        try peer.call(context, "ReplaceRange", replace(0, 1, try peer.revision(context)))
        #expect(try peer.text(context) == "Xé! wörld")
    }

    @Test func commandLineLimitsAreLimitExceeded() throws {
        let running = try RunningDaemon(arguments: [
            "--max-contexts", "2", "--max-document-bytes", "24", "--max-string-bytes", "12",
        ])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext([])
        _ = try peer.newContext([])
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) { $0.append(strings: []) }
                == Self.prefix + "LimitExceeded")
        let other = try InkstonePeer(running)
        _ = try other.newContext([])

        let limit = Self.prefix + "LimitExceeded"
        #expect(peer.errorName(context, "InsertText") { $0.append(String(repeating: "ä", count: 7)) } == limit)
        #expect(
            peer.errorName(context, "SetMarkedText") {
                $0.append(String(repeating: "x", count: 13))
                $0.append(Int64(0))
                $0.append(Int64(0))
                $0.append(Int64(-1))
                $0.append(Int64(0))
            } == limit)
        try peer.insert(context, "0123456789")
        try peer.insert(context, "0123456789")
        let revision = try peer.revision(context)
        #expect(peer.errorName(context, "InsertText") { $0.append("01234") } == limit)
        #expect(
            peer.errorName(context, "ReplaceRange") {
                $0.append(Int64(0))
                $0.append(Int64(1))
                $0.append("012345")
                $0.append(UInt64(0))
            } == limit)
        #expect(try peer.text(context) == "01234567890123456789" && peer.revision(context) == revision)
        try peer.replace(context, 0, 5, "abcdefghi")
        #expect(try peer.text(context).utf8.count == 24)
        try peer.call(context, "Destroy")
        _ = try peer.newContext([])
    }
}

extension ErrorTests {
    @Test func defaultContextLimitIs256PerClient() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        for _ in 0..<256 { _ = try peer.newContext([]) }
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) { $0.append(strings: []) }
                == Self.prefix + "LimitExceeded")
        _ = try InkstonePeer(running).newContext([])
    }
}

enum ObjectPathsForTests {
    static func context(_ id: Int) -> String { "/org/inkstone/Inkstone1/context/\(id)" }
}
