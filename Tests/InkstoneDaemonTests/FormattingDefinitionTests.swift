import DBusKit
import InkstoneTestSupport
import Testing

/// A document's formatting definition over the bus: every context's attribute
/// mutations go through it; what it forbids is never stored.
@Suite struct FormattingDefinitionTests {
    private static func colour(_ r: Double, _ g: Double, _ b: Double) -> DBusValue {
        .structure([.double(r), .double(g), .double(b), .double(1)])
    }

    private static let red = colour(1, 0, 0)
    private static let blue = colour(0, 0, 1)

    /// bold: any; no font_size; foreground: a red/blue palette; underline: single only; line_height: 1...2.
    private static let definition: [String: DBusValue] = [
        "bold": .bool(true),
        "font_size": .bool(false),
        "foreground": .array(elementSignature: "(dddd)", [red, blue]),
        "underline": .array(elementSignature: "s", [.string("single")]),
        "line_height": .structure([.double(1), .double(2)]),
    ]

    /// The definition as a `formatting` creation option: `a{sv}` in a variant.
    private static var formattingOption: DBusValue {
        .array(
            elementSignature: "{sv}",
            definition.sorted { $0.key < $1.key }.map { .dictEntry(.string($0.key), .variant($0.value)) })
    }

    @Test func aDefinitionGivenAtCreationIsInForceFromTheFirstEdit() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext(["formatting": Self.formattingOption])
        try peer.replace(context, 0, 0, "hello")
        try peer.setAttributes(
            context, 0, 5, ["font_size": .double(30), "foreground": Self.colour(0.9, 0.2, 0.1), "bold": .bool(true)])
        #expect(try peer.attributes(context, at: 0) == ["foreground": Self.red, "bold": .bool(true)])

        // With an existing document, or malformed, it is a named error and creates nothing.
        guard case .objectPath(let document)? = try peer.property(context, "Document") else {
            throw TestSupportError("no document")
        }
        let before = try peer.call(servicePath, "ListContexts", interface: serviceInterface)
        let refused: [[String: DBusValue]] = [
            ["formatting": Self.formattingOption, "document": .objectPath(document)],
            ["formatting": .array(elementSignature: "{sv}", [.dictEntry(.string("bold"), .variant(.int32(3)))])],
        ]
        for options in refused {
            #expect(
                peer.errorName(servicePath, "CreateInputContext", interface: serviceInterface) {
                    $0.append(vardict: options)
                } == "org.inkstone.Error.InvalidArgument")
        }
        #expect(try peer.call(servicePath, "ListContexts", interface: serviceInterface) == before)
    }

    @Test func aDefinitionDropsForbiddenKeysAndClampsForEveryContext() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let first = try peer.createContext()
        guard case .objectPath(let document)? = try peer.property(first, "Document") else {
            throw TestSupportError("no document")
        }
        let second = try peer.createContext(["document": .objectPath(document), "unit": .string("utf8")])
        try peer.replace(first, 0, 0, "hello world")
        // Stored before the definition: italic and font_size go, the colour snaps.
        try peer.setAttributes(
            first, 0, 5, ["italic": .bool(true), "font_size": .double(30), "foreground": Self.colour(0.9, 0.2, 0.1)])
        try peer.call(first, "SetFormattingDefinition") { $0.append(vardict: Self.definition) }
        #expect(sameRuns(try peer.attributedText(second, 0, 11).runs, [(0, 5, ["foreground": Self.red])]))

        // The other context's mutation goes through it too.
        try peer.setAttributes(
            second, 6, 5,
            [
                "bold": .bool(true), "font_size": .double(12), "foreground": Self.colour(0.1, 0.1, 0.8),
                "line_height": .double(3),
            ])
        #expect(
            try peer.attributes(second, at: 6) == [
                "bold": .bool(true), "foreground": Self.blue, "line_height": .double(2),
            ])
        // A value outside the allowed list is a named error and changes nothing.
        let before = try peer.attributedText(first, 0, 11)
        #expect(
            peer.setAttributesError(second, 0, 11, ["underline": .string("double"), "bold": .bool(true)])
                == "org.inkstone.Error.InvalidArgument")
        let after = try peer.attributedText(first, 0, 11)
        #expect(sameRuns(after.runs, before.runs))
        // Pasted runs, typing attributes and toggles obey it as well.
        try peer.call(
            first, "ReplaceRangeWithAttributed",
            InkstonePeer.attributedReplacement(
                11, 0, "!", [(0, 1, ["font_size": .double(40), "bold": .bool(true)])]))
        #expect(try peer.attributes(first, at: 11) == ["bold": .bool(true)])
        try peer.call(first, "SetSelectedRange") {
            $0.append(Int64(12))
            $0.append(Int64(0))
        }
        try peer.call(first, "SetTypingAttributes") {
            $0.append(vardict: ["font_size": .double(9), "underline": .string("single")])
        }
        #expect(
            InkstonePeer.attributeSet(try peer.property(first, "TypingAttributes") ?? .bool(false)) == [
                "underline": .string("single")
            ])
        try peer.call(first, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(5))
        }
        #expect(try !peer.toggle(first, "font_size", .double(10)))
        #expect(try peer.attributes(first, at: 0) == ["foreground": Self.red])
        // A malformed definition changes nothing; an empty one removes it.
        #expect(
            peer.errorName(first, "SetFormattingDefinition") { $0.append(vardict: ["bold": .int32(1)]) }
                == "org.inkstone.Error.InvalidArgument")
        #expect(
            peer.errorName(first, "SetFormattingDefinition") {
                $0.append(vardict: ["line_height": .structure([.double(3), .double(1)])])
            } == "org.inkstone.Error.InvalidArgument")
        try peer.setAttributes(first, 0, 1, ["font_size": .double(11)])
        #expect(try peer.attributes(first, at: 0)["font_size"] == nil)
        try peer.call(first, "SetFormattingDefinition") { $0.append(vardict: [:]) }
        try peer.setAttributes(first, 0, 1, ["font_size": .double(11)])
        #expect(try peer.attributes(first, at: 0)["font_size"] == .double(11))
    }
}
