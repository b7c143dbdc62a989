import Glibc
import InkstoneMeasure
import Testing

@Suite("InkstoneMeasure")
struct MeasureTests {
    @Test("percentiles are nearest rank: the sample at rank ⌈p·n⌉")
    func nearestRank() {
        let samples = Samples<UInt64>([10, 3, 7, 1, 9, 2, 8, 4, 6, 5])
        #expect(samples.sorted == Array(1...10))
        #expect(samples.median == 5)
        #expect(samples.p90 == 9)
        #expect(samples.p99 == 10)
        #expect(samples.percentile(0) == 1)
        #expect(samples.percentile(1) == 10)
        #expect(samples.percentile(0.11) == 2)
        #expect(Samples<UInt64>.nearestRank(0.5, count: 4) == 2)
        #expect(Samples<UInt64>.nearestRank(0.99, count: 200) == 198)
    }

    @Test("one sample is every percentile; no sample has none")
    func edges() {
        let one = Samples<Double>([42.5])
        #expect(one.median == 42.5)
        #expect(one.p99 == 42.5)
        let none = Samples<UInt64>([])
        #expect(none.percentile(0.5) == nil)
        #expect(none.median == 0)
        #expect(none.isEmpty)
    }

    @Test("a bench row carries its baseline, ratio and difference")
    func row() {
        let row = BenchRow(
            name: "key", unit: "µs", median: 150, p99: 400, baseline: BenchBaseline("echo", median: 100, p99: 200),
            goal: "≤ 1.10× echo", met: false)
        #expect(row.ratioMedian == 1.5)
        #expect(row.ratioP99 == 2)
        #expect(row.difference == 50)
        let memory = BenchRow(name: "memory", unit: "KB/ctx", median: 8, baseline: .budget(16), goal: "≤ 16", met: true)
        #expect(memory.ratioMedian == 0.5)
        #expect(memory.ratioP99 == nil)
        #expect(memory.baseline.name == "goal")
    }

    @Test("figures print with two decimals, negative ones with their sign")
    func decimals() {
        #expect(twoDecimals(1.5) == "1.50")
        #expect(twoDecimals(12.345) == "12.35" || twoDecimals(12.345) == "12.34")
        #expect(twoDecimals(-0.5) == "-0.50")
        #expect(twoDecimals(-2.25) == "-2.25")
        #expect(twoDecimals(.infinity) == "0")
    }

    @Test("resident memory is read for this process and is 0 for no process")
    func residentMemory() {
        #expect(ResidentMemory.ofSelf() > 1 << 20)
        #expect(ResidentMemory.of(pid: getpid()) > 1 << 20)
        #expect(ResidentMemory.of(pid: -1) == 0)
    }

    @Test("the clock is monotonic and times a body")
    func clock() {
        let first = MonotonicClock.nanoseconds()
        let elapsed = MonotonicClock.time { usleep(2000) }
        #expect(MonotonicClock.nanoseconds() >= first)
        #expect(elapsed >= 2_000_000)
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
    }
}
