import DBusKit
import InkstoneService

/// Builds a table whose handlers first resolve the object the call is for
/// (from its path) and check that the caller may use it.
struct ObjectTableBuilder<Object> {
    var table: InterfaceTable
    private let resolve: @Sendable (MethodCall) throws -> Object

    init(_ interface: String, resolve: @escaping @Sendable (MethodCall) throws -> Object) {
        table = InterfaceTable(interface)
        self.resolve = resolve
    }

    /// A method whose handler gets the resolved object and the argument reader.
    mutating func method(
        _ member: String, input: String = "", output: String = "",
        _ body: @escaping @Sendable (Object, inout MessageReader) throws -> MethodReply
    ) {
        let resolve = self.resolve
        table.method(member, input: input, output: output) { call, reader in
            try body(try resolve(call), &reader)
        }
    }

    /// A method whose handler also sees the call (e.g. its caller).
    mutating func method(
        _ member: String, input: String = "", output: String = "",
        withCall body: @escaping @Sendable (Object, MethodCall, inout MessageReader) throws -> MethodReply
    ) {
        let resolve = self.resolve
        table.method(member, input: input, output: output) { call, reader in
            try body(try resolve(call), call, &reader)
        }
    }

    /// A read-only property of the resolved object.
    mutating func property(
        _ member: String, signature: String, _ get: @escaping @Sendable (Object, inout MessageWriter) throws -> Void
    ) {
        let resolve = self.resolve
        table.property(
            member, signature: signature,
            getWithCall: { call, writer in
                try get(try resolve(call), &writer)
            })
    }

    /// Declares a signal.
    mutating func signal(_ member: String, signature: String) {
        table.signal(member, signature: signature)
    }
}

extension MethodReply {
    /// A reply holding an edit receipt `(t revision, t ticket)`.
    static func receipt(_ receipt: EditReceipt) -> MethodReply {
        .write { writer in
            writer.append(receipt.revision)
            writer.append(receipt.ticket)
        }
    }

    /// A reply holding one `x`.
    static func int64(_ value: Int) -> MethodReply { .write { $0.append(Int64(value)) } }

    /// A reply holding one `b`: one of two closures that capture nothing, so no
    /// closure context is allocated per reply (every key answers one).
    static func bool(_ value: Bool) -> MethodReply {
        value ? .write { $0.append(true) } : .write { $0.append(false) }
    }

    /// A reply holding a range `(x, x)`, (−1, 0) for none.
    static func range(_ start: Int?, _ length: Int?) -> MethodReply {
        .write { writer in
            writer.append(Int64(start ?? -1))
            writer.append(Int64(start == nil ? 0 : (length ?? 0)))
        }
    }
}

extension MessageReader {
    /// Reads an `x` as an `Int`.
    mutating func readInt() throws -> Int { Int(try readInt64()) }
}
