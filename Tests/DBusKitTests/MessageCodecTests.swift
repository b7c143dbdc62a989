import DBusKit
import InkstoneTestSupport
import Testing

@Suite struct MessageCodecTests {
    private func emptyMessage() throws -> Message {
        try #require(
            try WireEndpoint().connection.methodCall(
                destination: nil, path: "/test", interface: "org.example.Test", member: "M"))
    }

    private static let samples = ["", "a", "こんにちは", "naïve 👩‍👩‍👧", "tab\tnew\nline", String(repeating: "x", count: 300)]

    private func randomValue(_ random: inout SplitMix64, depth: Int) -> DBusValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 16 : 12), using: &random)
        switch choice {
        case 0: return .byte(.random(in: .min ... .max, using: &random))
        case 1: return .bool(.random(using: &random))
        case 2: return .int16(.random(in: .min ... .max, using: &random))
        case 3: return .uint16(.random(in: .min ... .max, using: &random))
        case 4: return .int32(.random(in: .min ... .max, using: &random))
        case 5: return .uint32(.random(in: .min ... .max, using: &random))
        case 6: return .int64(.random(in: .min ... .max, using: &random))
        case 7: return .uint64(.random(in: .min ... .max, using: &random))
        case 8: return .double(.random(in: -1e9...1e9, using: &random))
        case 9: return .string(Self.samples.randomElement(using: &random) ?? "")
        case 10: return .objectPath("/org/example/n\(Int.random(in: 0..<99, using: &random))")
        case 11: return .signature("a{sv}")
        case 12:
            let element = randomValue(&random, depth: depth - 1)
            return .array(elementSignature: element.signature, [element, element])
        case 13:
            return .structure(
                (0..<Int.random(in: 1...3, using: &random)).map { _ in randomValue(&random, depth: depth - 1) })
        case 14:
            let entries = (0..<Int.random(in: 0...3, using: &random)).map { number in
                ("key\(number)", randomValue(&random, depth: depth - 1))
            }
            return .vardict(Dictionary(entries, uniquingKeysWith: { first, _ in first }))
        default:
            return .variant(randomValue(&random, depth: depth - 1))
        }
    }

    @Test func randomValuesRoundTrip() throws {
        let seed = UInt64.random(in: 0 ... .max)
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let values = (0..<Int.random(in: 1...4, using: &random)).map { _ in randomValue(&random, depth: 3) }
            let message = try emptyMessage()
            message.write { writer in for value in values { writer.append(value) } }
            #expect(message.signature == values.map(\.signature).joined(), "seed \(seed)")
            var reader = message.reader()
            var decoded: [DBusValue] = []
            while !reader.isAtEnd { decoded.append(try reader.readValue()) }
            #expect(decoded == values, "seed \(seed)")
        }
    }

    @Test func protocolShapesRoundTrip() throws {
        let message = try emptyMessage()
        message.write { writer in
            writer.appendArray(of: "(xxa{sv})") { array in
                array.appendStruct { item in
                    item.append(Int64(-3))
                    item.append(Int64(5))
                    item.append(vardict: ["underline": .bool(true), "color": .uint32(0xFF00_00FF)])
                }
            }
            writer.appendStruct(signature: "dddd") { rect in
                for value in [1.5, 2.5, 10, 20] { rect.append(Double(value)) }
            }
            writer.appendArray(of: "(ddddbbub)") { array in
                array.appendStruct { item in
                    for value in [0.0, 1, 2, 3] { item.append(value) }
                    item.append(true)
                    item.append(false)
                    item.append(UInt32(9))
                    item.append(true)
                }
            }
            writer.appendArray(of: "b") { array in for value in [true, false, true] { array.append(value) } }
            writer.appendArray(of: "(sss)") { array in
                array.appendStruct { item in for value in ["a", "b", "c"] { item.append(value) } }
            }
        }
        var reader = try MessageReader(message, expecting: "a(xxa{sv})(dddd)a(ddddbbub)aba(sss)")
        let runs = try reader.readArray { element in
            try element.readStruct { item in (try item.readInt64(), try item.readInt64(), try item.readVardict()) }
        }
        #expect(runs.count == 1)
        #expect(runs.first?.0 == -3 && runs.first?.1 == 5)
        #expect(runs.first?.2 == ["underline": .bool(true), "color": .uint32(0xFF00_00FF)])
        let rect = try reader.readStruct { item in try (0..<4).map { _ in try item.readDouble() } }
        #expect(rect == [1.5, 2.5, 10, 20])
        let flags = try reader.readArray { element in
            try element.readStruct { item -> [Bool] in
                for _ in 0..<4 { _ = try item.readDouble() }
                let first = try item.readBool()
                let second = try item.readBool()
                #expect(try item.readUInt32() == 9)
                return [first, second, try item.readBool()]
            }
        }
        #expect(flags == [[true, false, true]])
        #expect(try reader.readArray { try $0.readBool() } == [true, false, true])
        #expect(
            try reader.readArray { element in
                try element.readStruct { item in
                    [try item.readString(), try item.readString(), try item.readString()]
                }
            } == [["a", "b", "c"]])
        #expect(reader.isAtEnd)
    }

    @Test func typedReaderRejectsOtherSignatures() throws {
        let message = try emptyMessage()
        message.write { $0.append(Int32(1)) }
        #expect(throws: DBusKitError.self) { try MessageReader(message, expecting: "s") }
        var reader = try MessageReader(message, expecting: "i")
        #expect(throws: DBusKitError.self) { try reader.readString() }
        #expect(try reader.readInt32() == 1)
        #expect(throws: DBusKitError.self) { try reader.readInt32() }
    }

    /// sd-bus checks each value's type as it reads it: a mismatch or the end of the
    /// arguments reads nothing and is `InvalidArgs` naming the expected and the found type.
    @Test func mismatchedReadsNameBothTypes() throws {
        let message = try emptyMessage()
        message.write { writer in
            writer.append(UInt32(7))
            writer.append("text")
        }
        var reader = message.reader()
        for read in [{ (reader: inout MessageReader) in _ = try reader.readBool() }, { _ = try $0.readString() }] {
            let error = try #require(throws: DBusKitError.self) { try read(&reader) }
            #expect(error.name == DBusErrorName.invalidArgs)
            #expect(error.message.contains("got 'u'"), "\(error)")
        }
        #expect(try reader.readUInt32() == 7)
        let wrongString = try #require(throws: DBusKitError.self) { try reader.readUInt64() }
        #expect(wrongString.message == "expected an argument of type 't', got 's'")
        #expect(try reader.readString() == "text")
        let atEnd = try #require(throws: DBusKitError.self) { try reader.readObjectPath() }
        #expect(atEnd.name == DBusErrorName.invalidArgs)
        #expect(atEnd.message == "expected an argument of type 'o', got 'end of arguments'")
    }
}
