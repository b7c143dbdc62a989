extension PinyinComposition {
    /// The beam search's work over one input, kept so that the next key's search can
    /// start where the two inputs begin to differ: the pruned paths reaching each position,
    /// the steps tried, the words found from each position and every path offered.
    struct Search {
        /// The letters searched.
        let input: [UInt8]
        /// The lattice edges searched.
        let edgesFrom: [[PinyinEdge]]
        /// The dictionary searched with.
        let dictionary: ObjectIdentifier
        /// The learning store searched with, and its revision then (nil: not tracked).
        let learning: ObjectIdentifier?
        let revision: Int?
        /// The paths reaching each position (pruned once the search has passed it).
        var columns: [Column]
        /// Every step tried, in the order of the positions they start at.
        var tried: [Step] = []
        /// How many steps had been tried before each position's (and, last, in all).
        var triedBefore: [Int]
        /// The words found from each position.
        var starts: [StartWords?]
        /// The paths offered from each position, in the order offered.
        var offers: [[Offer]]
        /// The furthest position each position's steps read (see ``StartWords/reach``).
        var reach: [Int]

        /// One path offered to a later column.
        struct Offer {
            var end: Int
            var node: Node
        }

        /// An empty search of `lattice` with `dictionary` and `learning`.
        init(lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?) {
            let count = lattice.count
            input = lattice.input
            edgesFrom = lattice.edgesFrom
            self.dictionary = ObjectIdentifier(dictionary)
            self.learning = learning.map { ObjectIdentifier($0) }
            revision = learning?.revision
            columns = [Column](repeating: Column(), count: count + 1)
            triedBefore = [Int](repeating: 0, count: count + 1)
            starts = [StartWords?](repeating: nil, count: count)
            offers = [[Offer]](repeating: [], count: count)
            reach = Array(0..<count)
        }

        /// Offers a path from `position` to the column at `end`, and records it.
        mutating func offer(from position: Int, to end: Int, score: Double, context: Context, previous: Int, step: Int)
        {
            let node = Node(score: score, context: context, previous: previous, step: step)
            offers[position].append(Offer(end: end, node: node))
            columns[end].offer(score: score, context: context, previous: previous, step: step)
        }

        /// How many leading positions of `lattice`'s search this search did the same way
        /// (0: none): those before the first position whose words read a letter or an edge
        /// that differs, and only with the same dictionary and an unchanged learning store
        /// that tracks its revisions.
        func reusable(for lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?)
            -> Int
        {
            reusable(sharing: sharedPositions(with: lattice, dictionary: dictionary, learning: learning))
        }

        /// How many leading positions are reusable when the first `shared` positions have the
        /// same letters and edges (``sharedPositions(with:dictionary:learning:)``): those before
        /// the first whose words reach a position past them.
        func reusable(sharing shared: Int) -> Int {
            (0..<shared).first { reach[$0] >= shared } ?? shared
        }

        /// How many leading positions have the same letters and lattice edges in this search's
        /// input and `lattice`'s (0 with another dictionary, or a learning store that changed
        /// or does not track its revisions): the words found from a position whose
        /// ``reach`` is below it are the same in both.
        func sharedPositions(
            with lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?
        ) -> Int {
            guard self.dictionary == ObjectIdentifier(dictionary),
                self.learning == learning.map({ ObjectIdentifier($0) })
            else { return 0 }
            if let learning {
                guard let revision, learning.revision == revision else { return 0 }
            }
            var changed = 0
            let limit = min(lattice.count, input.count)
            while changed < limit, lattice.input[changed] == input[changed],
                lattice.edgesFrom[changed] == edgesFrom[changed]
            {
                changed += 1
            }
            return changed
        }

        /// The words this search found from `position`, if it reached it.
        func startWords(at position: Int) -> StartWords? {
            position < starts.count ? starts[position] : nil
        }

        /// Takes the work of `old` for the positions before `kept` (see ``reusable(for:dictionary:learning:)``):
        /// their pruned columns, steps, words and reach, and the paths they offered further on.
        mutating func keep(_ kept: Int, of old: Search) {
            for position in 0..<kept {
                columns[position] = old.columns[position]
                triedBefore[position] = old.triedBefore[position]
                starts[position] = old.starts[position]
                offers[position] = old.offers[position]
                reach[position] = old.reach[position]
            }
            tried = Array(old.tried.prefix(old.triedBefore[kept]))
            for position in 0..<kept {
                for offer in old.offers[position] where offer.end >= kept {
                    columns[offer.end].offer(
                        score: offer.node.score, context: offer.node.context, previous: offer.node.previous,
                        step: offer.node.step)
                }
            }
        }
    }
}
