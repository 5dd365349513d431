import CAppexSystem
@testable import ExtensionIPC
import Foundation
import Glibc
import HostTestSupport
import Testing

/// The reaper's side of ExtensionIPC (the kill -9 of a host itself is HostKillTests', in
/// AppexCLITests: it needs a host in a process of its own).
@Suite("Landlock reaper")
struct LandlockReaperTests {
    @Test("a host whose reaper is gone goes on: what it tells the reaper fails with EPIPE, never SIGPIPE")
    func reaperGone() async throws {
        try requireSandbox(.landlock)
        let reaper = try #require(LandlockReaper.shared, "appex-reaper is not built beside the tests")
        #expect(reaper.watch(session: 999_999), "a running reaper takes what it is told")
        #expect(reaper.forget(session: 999_999))
        // Killed, and its end of the socket closed for good once it is gone.
        let pidfd = try #require(Self.pidfd(reaper.pid))
        defer { close(pidfd) }
        #expect(kill(reaper.pid, SIGKILL) == 0)
        try await EventLoop.shared().waitUntilReadable(pidfd)
        #expect(!reaper.watch(session: 999_999), "a send to a reaper that is gone fails, and this process lives on")
    }

    static func pidfd(_ pid: pid_t) -> Int32? {
        var fd: Int32 = -1
        return appex_pidfd_open(pid, &fd) == 0 ? fd : nil
    }
}
