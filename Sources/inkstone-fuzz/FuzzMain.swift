import Glibc
import InkstoneFuzzing

/// libFuzzer's entry point: one input for the target named by `INKSTONE_FUZZ_TARGET`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.runOrAbort(data, size)
    return 0
}

private let selectedTarget = FuzzTarget.fromEnvironment

#if INKSTONE_LIBFUZZER
    /// libFuzzer's driver (in the toolchain's libFuzzer, linked by `-sanitize=fuzzer`).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// Built with libFuzzer (`scripts/fuzz.sh`): libFuzzer's command line and loop.
    @main
    enum FuzzEntry {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzTestOneInput))
        }
    }
#else
    /// A plain build: `inkstone-fuzz <target> <file or folder>...` runs every
    /// input once, prints the broken invariants and exits 1 if there was one.
    @main
    enum FuzzEntry {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                writeToStandardError("usage: inkstone-fuzz \(names) <file or folder>...\n")
                exit(2)
            }
            var (runs, failures) = (0, 0)
            for path in arguments.dropFirst().flatMap(fuzzInputFiles(at:)) {
                guard let bytes = readFuzzInput(path) else { continue }
                runs += 1
                do {
                    try target.run(bytes)
                } catch {
                    failures += 1
                    print("\(path): \(error)")
                }
            }
            print("\(target.rawValue): \(runs) inputs, \(failures) broke an invariant")
            exit(failures == 0 ? 0 : 1)
        }
    }
#endif
