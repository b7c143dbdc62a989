/// Which side of an insertion made exactly at an anchor the anchor ends up on.
public enum AnchorBias: Sendable {
    /// Stays before text inserted at its position.
    case left
    /// Moves after text inserted at its position.
    case right
}

/// A position that survives edits, like Zed's buffer anchors.
///
/// An insert exactly at a left-biased anchor leaves it before the inserted text,
/// a right-biased one after it. An anchor inside a replaced range collapses to
/// the range's start (then follows its bias over the replacement text). The
/// document holds anchors weakly and updates the live ones on every edit; the
/// position is kept as a canonical UTF-8 offset.
public final class TextAnchor {
    /// The side the anchor keeps at an insertion made exactly at it.
    public let bias: AnchorBias
    /// The anchor's current position, in UTF-8 code units.
    public internal(set) var utf8Offset: Int

    init(utf8Offset: Int, bias: AnchorBias) {
        self.utf8Offset = utf8Offset
        self.bias = bias
    }

    /// Moves the anchor for the replacement of `utf8Range` by `newUTF8Length` bytes.
    func adjust(replacing utf8Range: Range<Int>, newUTF8Length: Int) {
        if utf8Offset < utf8Range.lowerBound { return }
        if utf8Offset > utf8Range.upperBound {
            utf8Offset += newUTF8Length - utf8Range.count
        } else if utf8Offset == utf8Range.upperBound, !utf8Range.isEmpty {
            utf8Offset = utf8Range.lowerBound + newUTF8Length
        } else {
            utf8Offset = bias == .left ? utf8Range.lowerBound : utf8Range.lowerBound + newUTF8Length
        }
    }
}

/// The document's weak registry of live anchors.
struct AnchorRegistry {
    private struct WeakAnchor {
        weak var anchor: TextAnchor?
    }

    private var anchors: [WeakAnchor] = []
    private var compactionThreshold = 64

    /// Creates and registers an anchor.
    mutating func make(utf8Offset: Int, bias: AnchorBias) -> TextAnchor {
        let anchor = TextAnchor(utf8Offset: utf8Offset, bias: bias)
        if anchors.count >= compactionThreshold {
            anchors.removeAll { $0.anchor == nil }
            compactionThreshold = max(64, anchors.count * 2)
        }
        anchors.append(WeakAnchor(anchor: anchor))
        return anchor
    }

    /// Moves every live anchor for an edit.
    func adjust(replacing utf8Range: Range<Int>, newUTF8Length: Int) {
        for entry in anchors {
            entry.anchor?.adjust(replacing: utf8Range, newUTF8Length: newUTF8Length)
        }
    }

    /// How many anchors are alive (for tests and diagnostics).
    var liveCount: Int { anchors.reduce(0) { $0 + ($1.anchor == nil ? 0 : 1) } }
}
