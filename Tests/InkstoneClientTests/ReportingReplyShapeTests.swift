import DBusKit
import InkstoneClient
import InkstoneTestSupport
import Testing

/// The typed client against a peer that owns the daemon's name on a private bus and answers
/// the `…Reporting` methods with replies the contract does not allow: each is a named error
/// or, for columns that run short, fewer events, never a crash.
@Suite struct ReportingReplyShapeTests {
    static let path = "/org/inkstone/Inkstone1/context/1"

    /// A report whose kinds name more events than its columns hold (TextDidChange needs
    /// one unsigned, three signed and one string; only the Committed string is there).
    static let shortReport: DBusValue = .structure([
        .uint64(9),
        .array(elementSignature: "y", [.byte(6), .byte(2), .byte(6)]),
        .array(elementSignature: "t", []),
        .array(elementSignature: "x", []),
        .array(elementSignature: "s", [.string("k")]),
        .array(elementSignature: "v", []),
    ])

    /// A peer with the daemon's bus name whose context answers with the wrong shapes.
    final class WrongShapes: @unchecked Sendable {
        let bus: PrivateBus
        let loop: EventLoop
        let connection: Connection

        init() throws {
            bus = try PrivateBus()
            connection = try Connection(address: bus.address)
            loop = try EventLoop()
            var table = InterfaceTable(InkstoneNames.contextInterface)
            // The shape before the reply became one struct: handled and the report as two arguments.
            table.method("ProcessKeyEventReporting", input: "uuubu", output: "b(tayataxasav)") { _, _ in
                .write { writer in
                    writer.append(true)
                    writer.append(ReportingReplyShapeTests.shortReport)
                }
            }
            // The plain results without the report.
            table.method("InsertTextReporting", input: "s", output: "(tt)") { _, _ in
                .write { writer in writer.append(DBusValue.structure([.uint64(1), .uint64(0)])) }
            }
            // The right shape, with columns that run short.
            table.method("ProcessKeyNamesReporting", input: "as", output: "(ab(tayataxasav))") { _, _ in
                .write { writer in
                    writer.append(
                        DBusValue.structure([
                            .array(elementSignature: "b", [.bool(true)]), ReportingReplyShapeTests.shortReport,
                        ]))
                }
            }
            try connection.export(ExportedObject(interfaces: [table]), at: ReportingReplyShapeTests.path)
            loop.attach(connection)
            try loop.start()
            _ = try connection.requestName(InkstoneNames.busName, flags: [.doNotQueue])
        }

        deinit {
            loop.stop()
            connection.close()
        }
    }

    private func expectInvalidArgs(_ body: () throws(InkstoneClientError) -> Void) {
        do {
            try body()
            Issue.record("expected InvalidArgs, got a reply")
        } catch {
            #expect(error.name == DBusErrorName.invalidArgs, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aReplyOfAnotherShapeIsANamedErrorAndShortColumnsDropEvents() throws {
        let peer = try WrongShapes()
        let client = try InkstoneConnection(busAddress: peer.bus.address)
        let context = client.context(at: Self.path)
        expectInvalidArgs { () throws(InkstoneClientError) in
            _ = try context.processKeyReporting(KeyPress(keysym: 0x6b))
        }
        expectInvalidArgs { () throws(InkstoneClientError) in _ = try context.insertTextReporting("k") }
        let (handled, report) = try context.processKeyNamesReporting(["k"])
        #expect(handled == [true])
        #expect(report.revision == 9)
        // The first Committed decodes; the TextDidChange after it runs short, and nothing after it is read.
        #expect(report.members == ["Committed"], "\(report.events)")
    }
}
