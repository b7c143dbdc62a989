/// The complete types of a D-Bus signature, in order (`"sa{sv}(ii)"` → `s`, `a{sv}`, `(ii)`).
struct SignatureTypes: Sequence, IteratorProtocol {
    private var rest: Substring

    init(_ signature: String) { rest = Substring(signature) }

    mutating func next() -> Substring? {
        guard !rest.isEmpty else { return nil }
        var index = rest.startIndex
        while index < rest.endIndex, rest[index] == "a" { index = rest.index(after: index) }
        var depth = 0
        while index < rest.endIndex {
            let character = rest[index]
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            index = rest.index(after: index)
            if depth == 0 { break }
        }
        let type = rest[..<index]
        rest = rest[index...]
        return type
    }
}
