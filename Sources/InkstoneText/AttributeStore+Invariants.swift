extension AttributeStore {
    /// What is wrong with the spans: they cover exactly `utf8Count` bytes, none
    /// is empty, no two neighbours carry equal attributes, and no value is a NaN.
    func invariantViolations(utf8Count: Int) -> [String] {
        var problems: [String] = []
        if self.utf8Count != utf8Count {
            problems.append("attribute spans cover \(self.utf8Count) bytes of a text of \(utf8Count)")
        }
        var previous: AttributeSpan?
        var offset = 0
        for span in rope {
            if span.length <= 0 { problems.append("attribute span at \(offset) is empty") }
            if let previous, previous.attributes == span.attributes {
                problems.append("attribute spans at \(offset) carry equal attributes and should be merged")
            }
            for (key, value) in span.attributes {
                if case .double(let number) = value, number.isNaN {
                    problems.append("attribute \(key) at \(offset) is NaN")
                }
            }
            offset += span.length
            previous = span
        }
        return problems
    }
}
