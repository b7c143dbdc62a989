import DBusKit
import Testing

@Suite struct ArgumentLimitTests {
    private static let limits = ArgumentLimits(stringBytes: 10, errorName: "org.example.Error.TooLong")

    private func message(_ body: (inout MessageWriter) -> Void) throws -> Message {
        let message = try #require(
            try WireEndpoint().connection.methodCall(
                destination: nil, path: "/t", interface: "org.example.T", member: "M"))
        message.write(body)
        return message
    }

    /// Strings count together, across nested containers (arrays, dictionaries, variants).
    @Test func stringsOfOneCallShareTheBound() throws {
        var reader = try message { writer in
            writer.append("12345")
            writer.append(strings: ["123", "45"])
        }.reader()
        reader.limits = Self.limits
        #expect(try reader.readString() == "12345")
        #expect(try reader.readStrings() == ["123", "45"])
        #expect(reader.stringBytesRead == 10)

        var over = try message { writer in
            writer.append(vardict: ["program": .string("1234"), "engine": .string("123456")])
        }.reader()
        over.limits = Self.limits
        do {
            _ = try over.readVardict()
            Issue.record("a call over the bound was read")
        } catch let error as DBusKitError {
            #expect(error.name == "org.example.Error.TooLong")
            #expect(error.message.contains("10 bytes"), "\(error.message)")
        }
    }

    /// One string over the bound is refused before it is copied; without limits nothing is bounded.
    @Test func oneLongStringIsRefused() throws {
        let long = try message { $0.append(String(repeating: "é", count: 6)) }
        var bounded = long.reader()
        bounded.limits = Self.limits
        #expect(throws: DBusKitError.self) { _ = try bounded.readString() }
        var unbounded = long.reader()
        #expect(try unbounded.readString().utf8.count == 12)
    }
}
