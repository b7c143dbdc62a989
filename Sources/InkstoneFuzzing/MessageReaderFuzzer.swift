import DBusKit
import InkstoneClient
import InkstoneDBus

/// The D-Bus message reader fuzz target: bytes become a wire message, either
/// as they are or as a well-formed body of a signature the daemon reads with
/// some bytes overwritten; what sd-bus accepts (through a ``WireEndpoint``) is read with
/// ``MessageReader`` against every signature the daemon reads.
///
/// Checked: reading never crashes; the typed reads of a message's signature `S` and
/// ``MessageReader/readValue()`` agree on whether its body holds values of `S` (sd-bus
/// checks a body as it is read), and when it does both read it to its end and the
/// generic values re-encode to the same signature.
public enum MessageReaderFuzzer {
    /// Every in-argument signature of every method in the contract (`dbus/*.xml`),
    /// plus the standard interfaces' and the empty one.
    public static let signatures: [String] = {
        let documents = [InkstoneIntrospection.xml, InkstoneIntrospection.inputContext, InkstoneIntrospection.document]
        var found: Set<String> = ["", "s", "ss", "ssv", "a{sv}", "as"]
        for xml in documents { found.formUnion(ContractMethod.parse(xml).map(\.signature)) }
        return found.sorted()
    }()

    /// Runs one input; throws the first broken invariant.
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzInput(bytes)
        let wire: [UInt8]
        if input.flag() {
            wire = Array(bytes.dropFirst())
        } else {
            let signature = input.pick(signatures)
            guard var built = marshalled(signature: signature, from: &input) else { return }
            for _ in 0..<input.choose(4) where !built.isEmpty {
                built[Int(input.uint32() % UInt32(built.count))] = input.byte()
            }
            wire = built
        }
        guard let message = demarshal(wire) else { return }
        // sd-bus checks a body's values as they are read, not when the message arrives, so
        // a message may carry a body that does not hold the values its signature names
        // (libdbus refused such a message before it was read). The typed reads and the
        // generic one must then agree: both read it to its end, or both throw.
        var generic = message.reader()
        var values: [DBusValue] = []
        var genericFailure: (any Error)?
        do {
            while !generic.isAtEnd { values.append(try generic.readValue()) }
        } catch {
            genericFailure = error
        }
        if genericFailure == nil {
            let signature = values.map(\.signature).joined()
            try check(
                signature == message.signature,
                "readValue gave values of signature '\(signature)' for '\(message.signature)'")
        }
        for signature in signatures {
            guard var reader = try? MessageReader(message, expecting: signature) else { continue }
            do {
                try read(signature: signature, with: &reader)
            } catch {
                guard genericFailure != nil else {
                    throw FuzzFailure(
                        "a message of signature '\(signature)' that readValue read failed to read as '\(signature)': \(error)"
                    )
                }
                continue
            }
            if let genericFailure {
                throw FuzzFailure(
                    "typed reads of '\(signature)' accepted a body readValue refused (\(genericFailure))")
            }
            try check(reader.isAtEnd, "reading '\(signature)' left arguments behind")
        }
    }

    /// A message from wire bytes, nil when sd-bus rejects them.
    static func demarshal(_ wire: [UInt8]) -> Message? {
        guard !wire.isEmpty, let endpoint = try? WireEndpoint() else { return nil }
        return endpoint.decode(wire)
    }

    /// The wire bytes of a method call whose body has `signature`, values drawn from `input`.
    static func marshalled(signature: String, from input: inout FuzzInput) -> [UInt8]? {
        guard let endpoint = try? WireEndpoint(),
            let message = endpoint.connection.methodCall(
                destination: InkstoneNames.busName, path: InkstoneNames.contextPathPrefix + "1",
                interface: InkstoneNames.contextInterface, member: "Call")
        else { return nil }
        message.write { writer in
            for type in SignatureTypes(signature) { appendValue(of: type, from: &input, to: &writer, depth: 0) }
        }
        return endpoint.encode(message)
    }

    /// Appends one value of the complete type `type`.
    static func appendValue(of type: Substring, from input: inout FuzzInput, to writer: inout MessageWriter, depth: Int)
    {
        switch type.first {
        case "y": writer.append(input.byte())
        case "b": writer.append(input.flag())
        case "n": writer.append(Int16(truncatingIfNeeded: input.int64()))
        case "q": writer.append(UInt16(truncatingIfNeeded: input.int64()))
        case "i": writer.append(Int32(truncatingIfNeeded: input.int64()))
        case "u": writer.append(input.uint32())
        case "x": writer.append(input.int64())
        case "t": writer.append(UInt64(bitPattern: input.int64()))
        case "d": writer.append(Double(bitPattern: UInt64(bitPattern: input.int64())))
        case "s": writer.append(String(decoding: input.bytes(upTo: 24), as: UTF8.self).replacingNUL())
        case "o": writer.append(objectPath: input.pick(["/", "/org/inkstone/Inkstone1/context/1", "/a/b_c/D9"]))
        case "g": writer.append(signature: input.pick(signatures))
        case "v":
            let inner = depth > 3 ? "s" : input.pick(["s", "b", "i", "x", "as", "a{sv}", "(dd)", "v"])
            writer.appendVariant(signature: inner) {
                appendValue(of: Substring(inner), from: &input, to: &$0, depth: depth + 1)
            }
        case "a":
            let element = type.dropFirst()
            let count = depth > 3 ? 0 : input.choose(4)
            writer.appendArray(of: String(element)) { inner in
                for _ in 0..<count { appendValue(of: element, from: &input, to: &inner, depth: depth + 1) }
            }
        case "(":
            writer.appendStruct(signature: String(type.dropFirst().dropLast())) { inner in
                for field in SignatureTypes(String(type.dropFirst().dropLast())) {
                    appendValue(of: field, from: &input, to: &inner, depth: depth + 1)
                }
            }
        case "{":
            writer.appendDictEntry { inner in
                for field in SignatureTypes(String(type.dropFirst().dropLast())) {
                    appendValue(of: field, from: &input, to: &inner, depth: depth + 1)
                }
            }
        default: break
        }
    }

    /// Reads one value of each complete type in `signature` with the typed reads.
    static func read(signature: String, with reader: inout MessageReader) throws {
        for type in SignatureTypes(signature) { try readValue(of: type, with: &reader) }
    }

    static func readValue(of type: Substring, with reader: inout MessageReader) throws {
        switch type.first {
        case "y": _ = try reader.readByte()
        case "b": _ = try reader.readBool()
        case "n": _ = try reader.readInt16()
        case "q": _ = try reader.readUInt16()
        case "i": _ = try reader.readInt32()
        case "u": _ = try reader.readUInt32()
        case "x": _ = try reader.readInt64()
        case "t": _ = try reader.readUInt64()
        case "d": _ = try reader.readDouble()
        case "s": _ = try reader.readString()
        case "o": _ = try reader.readObjectPath()
        case "g": _ = try reader.readSignature()
        case "v": _ = try reader.readVariant { _, inner in try inner.readValue() }
        case "a" where type == "as": _ = try reader.readStrings()
        case "a" where type == "a{sv}": _ = try reader.readVardict()
        case "a":
            let element = type.dropFirst()
            _ = try reader.readArray { try readValue(of: element, with: &$0) }
        case "(":
            try reader.readStruct { inner in try read(signature: String(type.dropFirst().dropLast()), with: &inner) }
        case "{":
            try reader.readDictEntry { inner in try read(signature: String(type.dropFirst().dropLast()), with: &inner) }
        default: throw FuzzFailure("unknown type '\(type)'")
        }
    }
}
