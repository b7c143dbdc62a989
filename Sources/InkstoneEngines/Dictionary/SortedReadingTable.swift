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
        for (reading, list) in byReading {
            byReading[reading] = Self.merged(list)
        }
        entriesByReading = byReading
        readings = byReading.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `list` with each text once (its highest weight, its first annotation), ordered by
    /// weight, then by first appearance.
    private static func merged(_ list: [DictionaryEntry]) -> [DictionaryEntry] {
        var unique: [DictionaryEntry] = []
        if list.count == 1 {
            unique = list
        } else {
            var indexByText: [String: Int] = [:]
            unique.reserveCapacity(list.count)
            for entry in list {
                if let index = indexByText[entry.text] {
                    if entry.weight > unique[index].weight { unique[index].weight = entry.weight }
                    if unique[index].annotation == nil { unique[index].annotation = entry.annotation }
                } else {
                    indexByText[entry.text] = unique.count
                    unique.append(entry)
                }
            }
        }
        return unique.enumerated()
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
