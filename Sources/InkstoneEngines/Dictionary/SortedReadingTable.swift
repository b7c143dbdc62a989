/// A ``ReadingTable`` held in memory: readings sorted by their UTF-8 bytes,
/// each with its entries best first. Built from rows a dictionary parser yields.
public struct SortedReadingTable: ReadingTable {
    private let readings: [String]
    private let entriesByReading: [String: [DictionaryEntry]]

    /// A table of `rows`; rows with the same reading are merged (a text listed
    /// twice keeps its highest weight), entries ordered by weight, then by first appearance.
    public init<Rows: Sequence>(rows: Rows) where Rows.Element == (reading: String, entry: DictionaryEntry) {
        // Appends in place (linear in the rows), then merges and orders each reading's list once.
        var byReading: [String: [DictionaryEntry]] = [:]
        for (reading, entry) in rows { byReading[reading, default: []].append(entry) }
        for (reading, list) in byReading where list.count > 1 {
            byReading[reading] = Self.merged(list)
        }
        entriesByReading = byReading
        readings = byReading.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// One reading's entries with texts listed twice merged (highest weight,
    /// first annotation), best first, then in order of first appearance.
    private static func merged(_ list: [DictionaryEntry]) -> [DictionaryEntry] {
        var merged: [DictionaryEntry] = []
        merged.reserveCapacity(list.count)
        // Short lists search linearly; long ones (thousands of entries) through an index.
        var indexByText: [String: Int]? = list.count > 32 ? [:] : nil
        for entry in list {
            let found = indexByText != nil ? indexByText?[entry.text] : merged.firstIndex { $0.text == entry.text }
            if let index = found {
                if entry.weight > merged[index].weight { merged[index].weight = entry.weight }
                if merged[index].annotation == nil { merged[index].annotation = entry.annotation }
            } else {
                indexByText?[entry.text] = merged.count
                merged.append(entry)
            }
        }
        let inOrder = zip(merged, merged.dropFirst()).allSatisfy { $0.weight >= $1.weight }
        guard !inOrder else { return merged }
        return merged.enumerated()
            .sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
            .map(\.element)
    }

    public var readingCount: Int { readings.count }

    public func entries(for reading: String) -> [DictionaryEntry] {
        entriesByReading[reading] ?? []
    }

    public func readings(withPrefix prefix: String, limit: Int) -> [String] {
        var low = 0
        var high = readings.count
        while low < high {
            let middle = (low + high) / 2
            if readings[middle].utf8.lexicographicallyPrecedes(prefix.utf8) { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        var index = low
        while index < readings.count, found.count < limit, readings[index].hasPrefix(prefix) {
            found.append(readings[index])
            index += 1
        }
        return found
    }
}
