/// A run of an unsplittable key that an open composition cuts: kept while it is open,
/// removed over its whole extent when the composition is committed, left whole when it
/// is discarded.
struct CompositionCut {
    /// The unsplittable key.
    let key: String
    /// The run's start (left-biased).
    let start: TextAnchor
    /// The run's end (right-biased).
    let end: TextAnchor

    /// The run's UTF-8 range now.
    var utf8Range: Range<Int> { start.utf8Offset..<max(start.utf8Offset, end.utf8Offset) }
}

extension Document {
    /// Applies a composition's edit (`.composition`, or `.commit` for the text it is
    /// committed as): the runs of unsplittable keys it cuts stay until the composition is
    /// committed. Returns them, anchored.
    func applyCompositionEdit(
        utf8Range: Range<Int>, with text: String, cause: EditCause = .composition, viewID: ViewID?
    ) -> [CompositionCut] {
        let cuts = attributeStore.atomicKeysCut(by: utf8Range).map {
            CompositionCut(
                key: $0.key, start: makeAnchor(utf8Offset: $0.extent.lowerBound, bias: .left),
                end: makeAnchor(utf8Offset: $0.extent.upperBound, bias: .right))
        }
        applyEditKeepingCutRuns(utf8Range: utf8Range, with: text, cause: cause, viewID: viewID)
        return cuts
    }

    /// The range the cuts cover now (nil when there are none).
    func range(of cuts: [CompositionCut]) -> Range<Int>? {
        let ranges = cuts.map(\.utf8Range).filter { !$0.isEmpty }
        guard let lower = ranges.map(\.lowerBound).min(), let upper = ranges.map(\.upperBound).max() else {
            return nil
        }
        return lower..<upper
    }

    /// Removes the cut runs' keys over their extents and announces it.
    func removeRuns(of cuts: [CompositionCut]) {
        for cut in cuts where !cut.utf8Range.isEmpty {
            let range = cut.utf8Range
            if attributeStore.update(range, { $0[cut.key] = nil }) {
                emitAttributeChange(utf8Range: range, keys: [cut.key])
            }
        }
    }
}
