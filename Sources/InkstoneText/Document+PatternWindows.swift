import _RopeModule

/// The stretches of text the live-pattern upkeep rescans after an edit.
extension Document {
    /// The stretch to rescan after a text change that left `utf8Range` holding
    /// new text: the run of non-whitespace clusters holding it when only the
    /// built-in detectors run (their matches hold no whitespace, so matches
    /// outside it cannot change), else the paragraphs holding it (registered
    /// patterns may match across whitespace). Either way at most
    /// ``LivePatterns/scanWindowUTF8`` bytes each way.
    func patternWindow(around utf8Range: Range<Int>, builtinOnly: Bool) -> Range<Int> {
        builtinOnly ? wordWindow(around: utf8Range) : paragraphWindow(around: utf8Range)
    }

    /// The clusters around `utf8Range` up to the nearest whitespace cluster on
    /// each side (excluded), walking the rope's clusters outwards.
    private func wordWindow(around utf8Range: Range<Int>) -> Range<Int> {
        let limit = LivePatterns.scanWindowUTF8
        let rope = storage.wholeRope
        let lowest = max(0, utf8Range.lowerBound - limit)
        var lower = rope.index(roundingDown: storage.ropeIndex(utf8Offset: utf8Range.lowerBound))
        while lower > rope.startIndex, lower.utf8Offset > lowest {
            let previous = rope.index(before: lower)
            if rope[previous].isWhitespace { break }
            lower = previous
        }
        let highest = min(storage.utf8Count, utf8Range.upperBound + limit)
        var upper = rope.index(roundingUp: storage.ropeIndex(utf8Offset: utf8Range.upperBound))
        while upper < rope.endIndex, upper.utf8Offset < highest {
            if rope[upper].isWhitespace { break }
            upper = rope.index(after: upper)
        }
        return lower.utf8Offset..<max(lower.utf8Offset, upper.utf8Offset)
    }

    /// The paragraphs holding `utf8Range` (separators around excluded), or the
    /// scan window when a paragraph is longer. Reads outwards in growing
    /// chunks, so a short paragraph costs little whatever the window.
    private func paragraphWindow(around utf8Range: Range<Int>) -> Range<Int> {
        let limit = LivePatterns.scanWindowUTF8
        // Backwards from the start.
        var lower = utf8Range.lowerBound
        var chunk = 128
        let lowest = max(0, utf8Range.lowerBound - limit)
        while lower > lowest {
            let start = min(lower, storage.snapToGrapheme(utf8Offset: max(lowest, lower - chunk), direction: .up))
            guard start < lower else { break }
            let bytes = Array(storage.text(utf8Range: start..<lower).utf8)
            if let separator = Self.lastSeparatorEnd(in: bytes) {
                lower = start + separator
                break
            }
            lower = start
            chunk *= 2
        }
        // Forwards from the end.
        var upper = utf8Range.upperBound
        chunk = 128
        let highest = min(storage.utf8Count, utf8Range.upperBound + limit)
        while upper < highest {
            let end = max(upper, storage.snapToGrapheme(utf8Offset: min(highest, upper + chunk), direction: .down))
            guard end > upper else { break }
            let bytes = Array(storage.text(utf8Range: upper..<end).utf8)
            if let separator = Self.firstSeparatorStart(in: bytes) {
                upper += separator
                break
            }
            upper = end
            chunk *= 2
        }
        return lower..<max(lower, upper)
    }

    /// Where the text after the last paragraph separator in `bytes` starts.
    private static func lastSeparatorEnd(in bytes: [UInt8]) -> Int? {
        var index = bytes.count - 1
        while index >= 0 {
            switch bytes[index] {
            case 0x0A, 0x0D: return index + 1
            case 0x85 where index >= 1 && bytes[index - 1] == 0xC2: return index + 1
            case 0xA9 where index >= 2 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80: return index + 1
            default: index -= 1
            }
        }
        return nil
    }

    /// Where the first paragraph separator in `bytes` starts.
    private static func firstSeparatorStart(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0D: return index
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return index
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                return index
            default: index += 1
            }
        }
        return nil
    }
}
