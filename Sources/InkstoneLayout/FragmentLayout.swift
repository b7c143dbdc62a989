/// Text laid out by the client, which pushed one fragment per visual line.
public final class FragmentLayout: LineStore {
    /// The pushed lines, in text order.
    public let lines: [VisualLine]
    public let textLength: Int
    public var lineCount: Int { lines.count }
    private let isSortedByY: Bool

    /// Checks and keeps the pushed lines: at least one; each with as many
    /// caret x-positions as caret stops, finite values and a valid rect;
    /// in text order without overlap, inside `0...textLength`.
    public init(lines: [VisualLine], textLength: Int) throws(LayoutError) {
        guard !lines.isEmpty else { throw .invalidArgument("at least one line fragment is needed") }
        var previousEnd = 0
        for (number, line) in lines.enumerated() {
            guard line.rect.isValid else {
                throw .invalidArgument("fragment \(number): rect \(line.rect) must be finite with a size ≥ 0")
            }
            guard !line.boundaryOffsets.isEmpty, line.caretXs.count == line.boundaryOffsets.count else {
                throw .invalidArgument(
                    "fragment \(number): \(line.caretXs.count) caret positions for \(line.boundaryOffsets.count) grapheme boundaries"
                )
            }
            guard line.caretXs.allSatisfy(\.isFinite) else {
                throw .invalidArgument("fragment \(number): caret positions must be finite")
            }
            guard line.start >= previousEnd, line.end >= line.start, line.end <= textLength else {
                throw .invalidRange(
                    "fragment \(number) (\(line.start)..<\(line.end)) overlaps the previous one or leaves 0...\(textLength)"
                )
            }
            previousEnd = line.end
        }
        self.lines = lines
        self.textLength = textLength
        isSortedByY = zip(lines, lines.dropFirst()).allSatisfy { $0.rect.y <= $1.rect.y }
    }

    public func line(at lineIndex: Int) -> VisualLine { lines[lineIndex] }

    public func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func lineIndex(nearestY y: Double) -> Int {
        if isSortedByY {
            // The last line whose top is at or above y, or the next one if y is past its bottom and nearer it.
            var low = 0
            var high = lines.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lines[mid].rect.y <= y { low = mid } else { high = mid - 1 }
            }
            guard low + 1 < lines.count, !lines[low].containsY(y) else { return low }
            return distance(from: y, to: lines[low + 1]) < distance(from: y, to: lines[low]) ? low + 1 : low
        }
        var best = 0
        for number in lines.indices where distance(from: y, to: lines[number]) < distance(from: y, to: lines[best]) {
            best = number
        }
        return best
    }

    private func distance(from y: Double, to line: VisualLine) -> Double {
        if line.containsY(y) { return 0 }
        return min(abs(y - line.rect.y), abs(y - (line.rect.y + line.rect.height)))
    }
}
