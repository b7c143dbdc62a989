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
/// position is kept as a canonical UTF-8 offset in a small slot the document's
/// registry moves on every edit; when the anchor goes away its slot is marked
/// dead and dropped at the next compaction (no weak references on the edit path).
public final class TextAnchor {
    /// The side the anchor keeps at an insertion made exactly at it.
    public var bias: AnchorBias { slot.bias }
    /// The anchor's current position, in UTF-8 code units.
    public internal(set) var utf8Offset: Int {
        get { slot.utf8Offset }
        set { slot.utf8Offset = newValue }
    }

    private let slot: AnchorSlot

    init(slot: AnchorSlot) {
        self.slot = slot
    }

    deinit {
        slot.isAlive = false
    }
}

/// Where an anchor's position lives; shared by the anchor and the registry.
final class AnchorSlot {
    let bias: AnchorBias
    var utf8Offset: Int
    var isAlive = true

    init(utf8Offset: Int, bias: AnchorBias) {
        self.utf8Offset = utf8Offset
        self.bias = bias
    }

    /// Moves the position for the replacement of `utf8Range` by `newUTF8Length` bytes.
    @inline(__always)
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

/// The document's registry of anchor slots.
struct AnchorRegistry {
    private var slots: [AnchorSlot] = []
    private var compactionThreshold = 64

    /// Creates and registers an anchor.
    mutating func make(utf8Offset: Int, bias: AnchorBias) -> TextAnchor {
        let slot = AnchorSlot(utf8Offset: utf8Offset, bias: bias)
        if slots.count >= compactionThreshold {
            slots.removeAll { !$0.isAlive }
            compactionThreshold = max(64, slots.count * 2)
        }
        slots.append(slot)
        return TextAnchor(slot: slot)
    }

    /// Moves every live anchor for an edit (dead slots too: cheaper than asking).
    func adjust(replacing utf8Range: Range<Int>, newUTF8Length: Int) {
        for slot in slots {
            slot.adjust(replacing: utf8Range, newUTF8Length: newUTF8Length)
        }
    }

    /// How many anchors are alive (for tests and diagnostics).
    var liveCount: Int { slots.reduce(0) { $0 + ($1.isAlive ? 1 : 0) } }

    /// Every slot with its offset now (for a snapshot).
    func savedOffsets() -> [(AnchorSlot, Int)] { slots.map { ($0, $0.utf8Offset) } }

    /// Puts saved offsets back (slots made since keep theirs: nothing that outlives a restore refers to them).
    func restore(_ saved: [(AnchorSlot, Int)]) {
        for (slot, offset) in saved { slot.utf8Offset = offset }
    }

    /// Calls `body` with the offset of every live anchor (for invariant checks).
    func forEachLiveOffset(_ body: (Int) -> Void) {
        for slot in slots where slot.isAlive { body(slot.utf8Offset) }
    }
}
