import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure

extension PinyinBench {
    /// The time of one key, on the wall clock and in this thread's CPU time, in nanoseconds.
    struct KeyTime {
        var wall: UInt64
        var cpu: UInt64
    }

    /// The first key after the dictionary loads, in the daemon's order (the dictionary loads
    /// when an engine is made, the first key comes `delayMilliseconds` later), and, as its
    /// baseline, the same key on a fresh engine over a fresh dictionary (nothing looked up)
    /// once the process's one-time costs are paid: what the first key pays beyond a later one.
    static func firstKeyAfterLoad(
        table: String, model: KenLMTrieModel?, weights: PinyinModelWeights, pinyin: String, delayMilliseconds: Int
    ) throws -> (first: KeyTime, later: KeyTime, loadMilliseconds: Double) {
        let loadStart = MonotonicClock.nanoseconds()
        guard let dictionary = PinyinDictionary.load(path: table, model: model, weights: weights) else {
            throw ValidationError("\(table) is missing (install the Debian package \(PinyinTableSource.package))")
        }
        let loadMilliseconds = Double(MonotonicClock.nanoseconds() - loadStart) / 1e6
        guard let key = try EngineBenchStreams.keys(for: pinyin).first else {
            throw ValidationError("the set's first sentence has no keys")
        }
        if delayMilliseconds > 0 { usleep(UInt32(delayMilliseconds) * 1000) }
        var engine = PinyinEngine(dictionary: dictionary)
        let first = timeKey { _ = engine.handle(key) }
        var later = PinyinEngine(dictionary: PinyinDictionary(table: dictionary.table, model: model, weights: weights))
        let again = timeKey { _ = later.handle(key) }
        guard engine.candidates?.items.first?.text == later.candidates?.items.first?.text else {
            throw ValidationError("the first key and its baseline composed differently")
        }
        return (first, again, loadMilliseconds)
    }

    /// How long `work` takes.
    static func timeKey(_ work: () -> Void) -> KeyTime {
        let began = MonotonicClock.nanoseconds()
        let cpuBegan = EmojiBench.threadCPU()
        work()
        return KeyTime(wall: MonotonicClock.nanoseconds() - began, cpu: EmojiBench.threadCPU() - cpuBegan)
    }
}
