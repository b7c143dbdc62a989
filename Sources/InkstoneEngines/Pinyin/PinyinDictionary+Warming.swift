extension PinyinDictionary {
    /// What ``warmUp()`` types: whole syllables, then initials alone (an abbreviation).
    static let warmingInput = "nihaozg"

    /// Types ``warmingInput`` on a throwaway engine (nothing learnt, nothing committed), so that
    /// the process's first composition pays its one-time costs here (Swift's type metadata for
    /// the search's collections, ICU's transliterator) instead of on the user's first key.
    func warmUp() {
        var engine = PinyinEngine(dictionary: self)
        for letter in Self.warmingInput.unicodeScalars { _ = engine.handle(KeyEvent(keysym: letter.value)) }
    }

    /// Starts ``warmUp()`` on a background task.
    @discardableResult
    func warmUpInBackground() -> Task<Void, Never> {
        Task.detached(priority: .utility) { self.warmUp() }
    }
}
