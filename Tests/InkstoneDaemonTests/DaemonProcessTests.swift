import InkstoneTestSupport
import Testing

@Suite struct DaemonProcessTests {
    /// Waiting twice (a test, then the fixture's deinit) joins the stderr reader
    /// once: joining a joined thread is undefined (AddressSanitizer aborts on it).
    @Test func waitingTwiceForExitIsSafe() throws {
        let process = try DaemonProcess(executable: "/bin/sh", arguments: ["-c", "echo bye >&2"])
        #expect(process.waitForExit() == .exited(0))
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stderr == "bye\n")
    }
}
